/// The small word lists sample data is assembled from. ASCII only, so every host (C, Python,
/// a terminal) shows them without encoding surprises.
enum SampleWords {
    static let firstNames = [
        "Ada", "Alan", "Barbara", "Brian", "Carol", "Dennis", "Edsger", "Frances", "Grace",
        "Guido", "Hedy", "Ivan", "Joan", "John", "Katherine", "Ken", "Linus", "Margaret",
        "Niklaus", "Radia", "Rob", "Sophie", "Tim", "Yukihiro",
    ]

    static let lastNames = [
        "Allen", "Backus", "Cerf", "Dijkstra", "Engelbart", "Floyd", "Goldberg", "Hamilton",
        "Hopper", "Johnson", "Kahn", "Knuth", "Lamport", "Liskov", "Lovelace", "McCarthy",
        "Perlman", "Ritchie", "Shaw", "Sutherland", "Thompson", "Turing", "Wilson", "Wirth",
    ]

    static let emailDomains = ["example.com", "example.org", "example.net"]

    static let topics = [
        "Combine", "async/await", "paging", "dependency injection", "actors", "coordinators",
        "unit tests", "view models", "memory leaks", "JSON storage", "value types", "Linux",
    ]

    static let titleTemplates = [
        "Notes on {topic}", "Why {topic} matters", "A week with {topic}",
        "Getting started with {topic}", "Lessons from {topic}", "Rethinking {topic}",
        "The trouble with {topic}", "{topic} in practice",
    ]

    static let sentences = [
        "It started as a small experiment on a quiet afternoon.",
        "The first version was simple, and that was its best feature.",
        "Tests caught two bugs before anyone else noticed them.",
        "Keeping state in one place made the screen easy to reason about.",
        "Most of the work turned out to be naming things well.",
        "Cancellation mattered more than we expected.",
        "We measured before optimising, and the numbers surprised us.",
        "The view stayed thin; the logic moved where it could be tested.",
        "A clear error message saved an hour of debugging.",
        "Next time we would write the tests first.",
    ]

    static let commentPhrases = [
        "Great write-up, thanks for sharing.",
        "This matches what we saw in production.",
        "Could you expand on the testing part?",
        "I tried this and it worked on the first attempt.",
        "Interesting, but how does it handle errors?",
        "Bookmarked for the next refactor.",
        "We took a different route and regretted it.",
        "Clear and to the point.",
    ]
}
