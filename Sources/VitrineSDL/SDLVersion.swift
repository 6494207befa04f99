import CSDL2
import CSDL2Image
import CSDL2TTF

/// The linked SDL library versions, as "SDL 2.26.5, SDL_image 2.6.3, SDL_ttf 2.20.1".
public func linkedSDLVersions() -> String {
    var v = SDL_version()
    SDL_GetVersion(&v)
    let img = IMG_Linked_Version().pointee
    let ttf = TTF_Linked_Version().pointee
    return "SDL \(v.major).\(v.minor).\(v.patch), SDL_image \(img.major).\(img.minor).\(img.patch), SDL_ttf \(ttf.major).\(ttf.minor).\(ttf.patch)"
}
