import RouterKit

/// What the classroom keeps beside accounts and classes, as documents like every app's: a signed-in
/// player's programs per level (`SavedPrograms`, id `<player>/<level>`) and each class's locks
/// (`ClassLocks`, id = the class's id). The kit owns their rules; the stores keep them as coded.
extension SavedPrograms: StoredDocument {}
extension ClassLocks: StoredDocument {}

package typealias RouterProgramStore = DocumentStore<SavedPrograms>
package typealias ClassLockStore = DocumentStore<ClassLocks>
