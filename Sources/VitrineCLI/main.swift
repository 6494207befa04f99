import VitrineSDL
print(linkedSDLVersions())
