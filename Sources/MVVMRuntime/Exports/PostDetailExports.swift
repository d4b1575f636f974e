import CMVVM
import MVVMFeatures

@MainActor @c public func mvvm_post_detail_new(
    _ repository: OpaquePointer?, _ postID: Int64, _ outVM: UnsafeMutablePointer<OpaquePointer?>?
) -> mvvm_status {
    objectNew(over: repository, into: outVM, "out_vm") { repository throws(APIError) in
        let viewModel = PostDetailViewModel(repository: repository.posts, postId: try checkedID(postID, "post_id"))
        return PostDetailObject(viewModel: viewModel, repository: repository)
    }
}

@MainActor @c public func mvvm_post_detail_on_appear(_ vm: OpaquePointer?) -> mvvm_status {
    objectCall(vm, as: PostDetailObject.self) { $0.viewModel.onAppear() }
}

@MainActor @c public func mvvm_post_detail_toggle_like(_ vm: OpaquePointer?) -> mvvm_status {
    objectCall(vm, as: PostDetailObject.self) { $0.viewModel.toggleLike() }
}

@MainActor @c public func mvvm_post_detail_get_state(_ vm: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> mvvm_status {
    objectGet(vm, as: PostDetailObject.self, out, "out_state") { $0.stateValue }
}

@MainActor @c public func mvvm_post_detail_get_post(_ vm: OpaquePointer?, _ outPost: UnsafeMutablePointer<mvvm_post>?) -> mvvm_status {
    objectGet(vm, as: PostDetailObject.self, outPost, "out_post") { object throws(APIError) in
        let post = try object.loaded().post
        let strings = object.borrowed
        strings.releaseAll()
        return mvvm_post(
            id: Int64(post.id), title: strings.lend(post.title), body: strings.lend(post.body),
            author_name: strings.lend(post.author.name), created_at: post.createdAt.timeIntervalSince1970,
            likes_count: Int64(object.viewModel.likesCount), liked_by_current_user: object.viewModel.isLiked.cFlag,
            comments_count: Int64(post.commentsCount))
    }
}

@MainActor @c public func mvvm_post_detail_get_comment_count(_ vm: OpaquePointer?, _ out: UnsafeMutablePointer<Int64>?) -> mvvm_status {
    objectGet(vm, as: PostDetailObject.self, out, "out_count") { object throws(APIError) in
        Int64(try object.loaded().comments.count)
    }
}

@MainActor @c public func mvvm_post_detail_get_comment(
    _ vm: OpaquePointer?, _ index: Int64, _ outComment: UnsafeMutablePointer<mvvm_comment>?
) -> mvvm_status {
    objectGet(vm, as: PostDetailObject.self, outComment, "out_comment") { object throws(APIError) in
        let comments = try object.loaded().comments
        let comment = comments[try checkedIndex(index, count: comments.count, "Comment")]
        object.borrowed.releaseAll()
        return mvvm_comment(
            id: Int64(comment.id), author_name: object.borrowed.lend(comment.authorName), body: object.borrowed.lend(comment.body))
    }
}

@MainActor @c public func mvvm_post_detail_get_is_liked(_ vm: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> mvvm_status {
    objectGet(vm, as: PostDetailObject.self, out, "out_is_liked") { $0.viewModel.isLiked.cFlag }
}

@MainActor @c public func mvvm_post_detail_get_likes_count(_ vm: OpaquePointer?, _ out: UnsafeMutablePointer<Int64>?) -> mvvm_status {
    objectGet(vm, as: PostDetailObject.self, out, "out_likes_count") { Int64($0.viewModel.likesCount) }
}

@MainActor @c public func mvvm_post_detail_get_error_message(_ vm: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> mvvm_status {
    objectGet(vm, as: PostDetailObject.self, out, "out_message") { object in
        return object.borrowed.lendFresh(object.errorMessage)
    }
}
