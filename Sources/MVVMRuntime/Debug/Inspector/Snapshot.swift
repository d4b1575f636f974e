/// The inspector's view of a runtime (`mvvm_debug_snapshot()`): every live object with its
/// type, property values, list counts and connected handlers, and the pending host requests,
/// as one JSON object (docs/JOURNAL.md, "Snapshots"; values as the journal writes them).
@MainActor
enum Snapshot {
    static func json(of runtime: Runtime) -> String {
        var objects: [String] = []
        for object in runtime.handles.liveObjects {
            guard let handle = object.handle else { continue }
            var properties: [String] = []
            var lists: [String] = []
            for (name, kind, value) in object.declaration.inspected(object) {
                let json: String
                switch value {
                case .success(let value): json = JournalJSON.value(value)
                case .failure(let error): json = "{\"error\":" + JournalJSON.quoted(error.message) + "}"
                }
                if kind == .list {
                    lists.append(JournalJSON.quoted(name) + ":" + json)
                } else {
                    properties.append(JournalJSON.quoted(name) + ":" + json)
                }
            }
            let connections = runtime.connections(of: object).map { "{\"id\":\($0.id),\"signal\":" + JournalJSON.quoted($0.signal) + "}" }
            objects.append(
                "{\"object\":" + JournalJSON.object(handle.pointer) + ",\"type\":" + JournalJSON.quoted(object.declaration.name)
                    + ",\"owned\":\(object.isOwned),\"properties\":{" + properties.joined(separator: ",") + "},\"lists\":{"
                    + lists.joined(separator: ",") + "},\"connections\":[" + connections.joined(separator: ",") + "]}")
        }
        let requests = HostRequestTable.shared.pendingRequests.map { JournalEvents.handle($0.pointer) }
        var journal = "null"
        if let current = Journal.current {
            journal = "{\"path\":" + JournalJSON.quoted(current.path) + ",\"on\":\(Journal.isOn),\"failed\":\(current.hasFailed)}"
        }
        return "{\"snapshot\":1,\"objects\":[" + objects.joined(separator: ",") + "],\"requests\":[" + requests.joined(separator: ",")
            + "],\"journal\":" + journal + "}"
    }
}
