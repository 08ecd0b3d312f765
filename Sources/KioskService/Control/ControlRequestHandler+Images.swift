import KioskConfig
import KioskCore
import KioskRender
import KioskUI

/// A `set` that names image files (an image's `source`, a button's `icon`): the files are
/// read, decoded once and scaled for the places the control draws them off the loop, and put
/// in the renderer's cache; the set is then carried out with them ready, and replied to.
extension ControlRequestHandler {
    /// Whether `request` is a `set` naming an image file (what the queue's budget counts
    /// apart: `ControlRequestQueue.imageFileCost`); what the file is does not matter here.
    func namesImageFiles(_ request: ControlRequest) -> Bool {
        guard request.op.name == "set", let name = request.string("control"), let properties = target.properties,
              let control = target.scene?.control(withID: name) else { return false }
        return (request.fields["value"]?.members ?? []).contains { member in
            guard case .string(let text) = member.value.kind else { return false }
            return properties.takesImageFile(text, as: member.key, of: control)
        }
    }

    /// The worker's part of `request`, whose checked `change` of `control` names files still
    /// to be read.
    func prepareImages(for request: ControlRequest, _ change: PropertyModel.Change, of control: Control) -> RemainingWork {
        let files = change.filesToLoad
        let paths = Set(files.map(\.file.path))
        let sites = change.standIn(for: control).map { standIn in
            (target.imagePreparer?.imageSites(of: standIn) ?? []).filter { paths.contains($0.image.path) }
        } ?? []
        return .changing({ PreparedImages(files, sites: sites) }, then: { handler, prepared in
            handler.finishSet(request, with: prepared)
        })
    }

    /// The loop's part: the pictures into the cache, then the set carried out anew with them
    /// (checked again against the kiosk as it is now, so that what changed meanwhile stays).
    func finishSet(_ request: ControlRequest, with prepared: PreparedImages) -> ControlReply {
        switch prepared.outcome {
        case .failure(let refusal):
            return .error(id: request.id, "\(refusal.property): \(refusal.error)")
        case .success(let images):
            for image in images { target.imagePreparer?.insert(image.pixels) }
            let ready = Dictionary(images.map { ($0.source, $0.reference) }) { first, _ in first }
            do throws(Failure) { return finish(try carryOutSet(request, images: .ready(ready))) } catch {
                return .error(id: request.id, error.message, error.fields)
            }
        }
    }
}

/// What the worker made of a set's image files: each read, decoded whole and scaled for its
/// sites, or the first that could not be.
struct PreparedImages: Sendable {
    struct Ready: Sendable {
        var source: String
        var reference: ImageReference
        var pixels: ImageCache.Prepared
    }

    struct Refusal: Error {
        var property: String
        var error: ImageSourceError
    }

    let outcome: Result<[Ready], Refusal>

    /// Reads and decodes `files` (blocking: on a worker), scaling each for the `sites` that
    /// show its path; the decoded originals are let go as soon as they are scaled.
    init(_ files: [(property: String, file: ImageFile)], sites: [ImageSite]) {
        var ready: [Ready] = []
        for (property, file) in files {
            var pixels = ImageCache.Prepared.none
            do throws(ImageSourceError) {
                let reference = try file.load { reference, original in
                    pixels = ImageCache.prepare(original, of: reference, for: sites.filter { $0.image.path == file.path })
                }
                ready.append(Ready(source: file.source, reference: reference, pixels: pixels))
            } catch {
                outcome = .failure(Refusal(property: property, error: error))
                return
            }
        }
        outcome = .success(ready)
    }
}
