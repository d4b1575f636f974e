import MVVMDomain
import MVVMRuntime

/// `mvvm_user`: the id, name and email.
extension User: RecordValue {
    public static let recordDeclaration = RecordDeclaration<User>(
        name: "User", doc: "A user.",
        fields: [.field("id", \.id), .field("name", \.name), .field("email", \.email)],
        make: { fields in User(id: fields["id"], name: fields["name"], email: fields["email"]) })
}
