"""A private X server for the measuring scripts: Xvfb on a display it picks itself, ready when this returns."""
import os, subprocess


def start_xvfb(width, height):
    """Starts Xvfb with one screen of width x height; returns the process and its display name (":N")."""
    read_fd, write_fd = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", f"{width}x{height}x24",
                               "-nolisten", "tcp", "-noreset"], pass_fds=[write_fd], stderr=subprocess.DEVNULL)
    os.close(write_fd)
    display = ":" + os.read(read_fd, 16).decode().strip()  # Xvfb writes its number once it takes clients.
    os.close(read_fd)
    return server, display
