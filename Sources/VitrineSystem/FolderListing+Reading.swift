import Glibc
import VitrineCore

extension FolderListing {
    /// Lists the folder at `path` for a folder deck in `order` and reads what the deck needs
    /// (``FolderDeck/plan(_:order:)``): the first bytes of each image file, and the sidecars.
    ///
    /// Hidden names and names that are neither images nor sidecars are passed over without a system call; an image
    /// file unchanged since an earlier load is only asked `stat` about (``FolderImageCache``). Nothing
    /// but a regular file is ever opened, and it is opened without blocking (``FileDescriptor/openRegularFile(_:)``),
    /// so a FIFO or a device in the folder blocks nothing. At most ``Limits/folderEntries`` entries are listed,
    /// ``Limits/folderCards`` image headers read (each at most ``Limits/imageMetadataBytes``) and sidecars of at
    /// most ``Limits/sidecarBytes`` (one byte more is read, so the deck sees a larger one).
    ///
    /// - Throws: ``SystemError`` when the folder cannot be listed (missing, not a folder, not readable).
    public static func read(folder path: String, order: FolderOrder) throws(SystemError) -> FolderListing {
        let source = FolderSource(path: path, order: order)
        var listing = try list(path, order: order)
        let (images, sidecars) = FolderDeck.plan(listing.entries, order: order)
        listing.plan = (images, sidecars)
        for index in images {
            let entryPath = source.entryPath(listing.entries[index].name)
            // A file unchanged since a load before is not opened again (FolderImageCache).
            var status = stat()
            let identity = stat(entryPath, &status) == 0 ? FolderImageCache.Identity(status) : nil
            if let identity, let known = FolderImageCache.shared.image(at: PathKey(entryPath), identity: identity) {
                listing.entries[index].image = known
                continue
            }
            do throws(SystemError) {
                let image = FolderImage(header: try readHeader(entryPath))
                listing.entries[index].image = image
                if let identity { FolderImageCache.shared.store(image, at: PathKey(entryPath), identity: identity) }
            } catch {
                listing.entries[index].image = FolderImage(unreadable: "cannot be read: \(error.reason)")
            }
        }
        for index in sidecars {
            let entryPath = source.entryPath(listing.entries[index].name)
            do throws(SystemError) {
                // One byte past the limit: enough for the deck to see it is over, and no more.
                let (file, size) = try FileDescriptor.openRegularFile(entryPath)
                defer { file.close() }
                listing.entries[index].contents = .success(try file.readPrefix(count: Limits.sidecarBytes + 1, path: entryPath))
                listing.entries[index].size = size
            } catch {
                listing.entries[index].contents = .failure(FolderReadProblem(error.reason))
            }
        }
        return listing
    }

    /// The entries of the folder at `path` that may matter to a deck (images and sidecars by name), with their
    /// kind and, for `modified` order, their modification time.
    /// At most `entryLimit` entries are listed (``Limits/folderEntries``; smaller in tests).
    static func list(_ path: String, order: FolderOrder, entryLimit: Int = Limits.folderEntries) throws(SystemError) -> FolderListing {
        let descriptor = try FileDescriptor.open(path, flags: O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_NOCTTY)
        guard let directory = fdopendir(descriptor.rawValue) else {
            let error = SystemError.last("fdopendir(\(Limits.shortened(path)))")
            descriptor.close()
            throw error
        }
        defer { closedir(directory) }
        var listing = FolderListing(entries: [])
        var seen = 0
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { throw SystemError.last("readdir(\(Limits.shortened(path)))") }
                break
            }
            let type = entry.pointee.d_type
            let nameBytes: [UInt8] = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            if nameBytes == [0x2E] || nameBytes == [0x2E, 0x2E] { continue }
            seen += 1
            if seen > entryLimit {
                listing.isCut = true
                break
            }
            if nameBytes.first == 0x2E { continue }  // Hidden: never a card, never looked at.
            guard let name = String(validating: nameBytes, as: UTF8.self) else {
                // Named once if it looks like a card's file: no path string can name it.
                let lossy = String(decoding: nameBytes, as: UTF8.self)
                if FolderDeck.role(of: lossy) != .ignored { listing.undecodableNames.append(lossy) }
                continue
            }
            guard FolderDeck.role(of: name) != .ignored else { continue }
            if type == UInt8(DT_REG), order == .name {
                listing.entries.append(FolderEntry(name: name, kind: .file))
                continue
            }
            if type != UInt8(DT_REG), type != UInt8(DT_LNK), type != UInt8(DT_UNKNOWN) {
                listing.entries.append(FolderEntry(name: name, kind: .other))
                continue
            }
            // A link, a file system that does not say, or the time is needed: ask (stat opens nothing).
            var status = stat()
            guard fstatat(dirfd(directory), name, &status, 0) == 0 else {
                listing.entries.append(FolderEntry(name: name, kind: .other))  // A dangling link, or gone meanwhile.
                continue
            }
            let modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
            listing.entries.append(FolderEntry(name: name, kind: status.st_mode & S_IFMT == S_IFREG ? .file : .other, modified: modified))
        }
        return listing
    }

    /// The first bytes of the image file at `path`: ``FolderDeck/headerBytes``, and more when its Exif block goes
    /// on past them (``EmbeddedTitle/bytesWanted(_:)``).
    static func readHeader(_ path: String) throws(SystemError) -> [UInt8] {
        let (file, _) = try FileDescriptor.openRegularFile(path)
        defer { file.close() }
        var header = try file.readPrefix(count: FolderDeck.headerBytes, path: path)
        while header.count >= FolderDeck.headerBytes, let wanted = EmbeddedTitle.bytesWanted(header) {
            let more = try file.readPrefix(count: wanted, path: path)
            guard more.count > header.count else { break }  // The file ends there.
            header = more
        }
        return header
    }
}
