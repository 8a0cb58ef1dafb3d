"""Converts documents to PDF through one running LibreOffice, over UNO.

Started by office-converter.ts, before LibreOffice itself, with two arguments: the UNO connection string and
LibreOffice's profile folder, which names LibreOffice's process on its command line (and a leftover bridge's).
Reads one JSON request per line on stdin ({"id", "input", "output", "extension"}) and answers one JSON line per
request on stdout ({"id", "ok", "error"?}). The first line it prints is {"ready": true} once LibreOffice answers.

LibreOffice must not outlive the server. The end of stdin means the server has ended, however it ended (even
SIGKILL, which it cannot answer): a thread reads stdin so that it sees this at once, even while the main thread
waits for LibreOffice, and then kills LibreOffice's whole process group and this bridge. LibreOffice is found by
its profile, not by a process id given on start: the bridge is started first, so there is no moment in which a
LibreOffice runs with no bridge to end it (a server killed between the two starts never starts LibreOffice).
"""
import json
import os
import queue
import signal
import sys
import threading
import time

import uno
from com.sun.star.beans import PropertyValue

# What LibreOffice should load each extension as; text formats need their encoding spelled out.
IMPORT_FILTERS = {
    "txt": ("Text (encoded)", "UTF8,LF,Liberation Mono,en-US"),
    "csv": ("Text - txt - csv (StarCalc)", "44,34,76,1,,0,false,true,false,false"),
    "htm": ("HTML (StarWriter)", None),
    "html": ("HTML (StarWriter)", None),
}

EXPORT_FILTERS = (
    ("com.sun.star.sheet.SpreadsheetDocument", "calc_pdf_Export"),
    ("com.sun.star.presentation.PresentationDocument", "impress_pdf_Export"),
    ("com.sun.star.drawing.DrawingDocument", "draw_pdf_Export"),
    ("com.sun.star.text.TextDocument", "writer_pdf_Export"),
)


def prop(name, value):
    item = PropertyValue()
    item.Name = name
    item.Value = value
    return item


def connect(url):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    deadline = time.time() + 60
    while True:
        try:
            context = resolver.resolve(url)
            return context.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", context)
        except Exception:
            if time.time() > deadline:
                raise
            time.sleep(0.1)


def convert(desktop, request):
    load = [
        prop("Hidden", True),
        prop("ReadOnly", True),
        # Never run macros, never update links to other files or the network.
        prop("MacroExecutionMode", 0),
        prop("UpdateDocMode", 0),
    ]
    import_filter = IMPORT_FILTERS.get(request["extension"])
    if import_filter:
        load.append(prop("FilterName", import_filter[0]))
        if import_filter[1]:
            load.append(prop("FilterOptions", import_filter[1]))
    document = desktop.loadComponentFromURL(uno.systemPathToFileUrl(request["input"]), "_blank", 0, tuple(load))
    if document is None:
        raise RuntimeError("LibreOffice could not open the file")
    try:
        export = next((name for service, name in EXPORT_FILTERS if document.supportsService(service)), None)
        if export is None:
            raise RuntimeError("LibreOffice cannot export this kind of document to PDF")
        document.storeToURL(uno.systemPathToFileUrl(request["output"]), (prop("FilterName", export),))
    finally:
        document.close(True)


def office_groups(profile):
    """The process groups of the processes started with this profile (LibreOffice's group, whatever its pid)."""
    marker = ("-env:UserInstallation=file://" + profile).encode()
    groups = set()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/" + entry + "/cmdline", "rb") as cmdline:
                if marker in cmdline.read().split(b"\0"):
                    groups.add(os.getpgid(int(entry)))
        except OSError:  # gone meanwhile, or not ours to read
            pass
    groups.discard(os.getpgid(0))
    return groups


def end(profile):
    """Kills LibreOffice's process group and exits this bridge."""
    for group in office_groups(profile):
        try:
            os.killpg(group, signal.SIGKILL)
        except OSError:  # already gone
            pass
    os._exit(0)


def read_requests(requests, profile):
    for line in sys.stdin:
        requests.put(line)
    # stdin closed: the server is gone.
    end(profile)


def answer(message, profile):
    try:
        print(json.dumps(message), flush=True)
    except OSError:  # the server is gone (broken pipe)
        end(profile)


def main():
    url, profile = sys.argv[1], sys.argv[2]
    requests = queue.Queue()
    threading.Thread(target=read_requests, args=(requests, profile), daemon=True).start()
    desktop = connect(url)
    answer({"ready": True}, profile)
    while True:
        request = json.loads(requests.get())
        try:
            convert(desktop, request)
            result = {"id": request["id"], "ok": True}
        except Exception as error:  # noqa: BLE001 - every failure is reported to the caller
            result = {"id": request["id"], "ok": False, "error": str(error)}
        answer(result, profile)


if __name__ == "__main__":
    main()
