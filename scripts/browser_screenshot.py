#!/usr/bin/env python3
"""Open a page in headless Chromium, wait until its body carries the given data attributes, then screenshot it.

    python3 scripts/browser_screenshot.py URL OUT.png --width 1200 --height 600 \
        --wait data-gl-loaded --wait data-raster-loaded [--timeout 300]

Talks to Chromium over the DevTools protocol on a pipe (`--remote-debugging-pipe`: NUL-terminated JSON on file
descriptors 3 and 4, no websocket, Python's standard library only). The screenshot is taken once the page says it has
drawn (each `--wait` attribute is "true" on <body>), not when a virtual-time budget runs out, so a busy machine only
makes it slower. Prints the body's opening tag (its data attributes) on stdout for the caller's checks; exits 1 if
the page never said so within --timeout seconds (the tag is printed all the same).
"""
import argparse, base64, fcntl, json, os, shutil, subprocess, sys, tempfile, time


class ProtocolError(RuntimeError):
    """Chromium answered a command with an error (the pipe is still open)."""


class Browser:
    """Headless Chromium driven over --remote-debugging-pipe."""

    def __init__(self, width, height):
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        if not chromium: sys.exit("browser_screenshot: chromium is not installed")
        self.profile = tempfile.mkdtemp(prefix="mercator-browser-")
        to_chromium_r, self.to_chromium = os.pipe()      # Chromium reads commands on its fd 3
        self.from_chromium, from_chromium_w = os.pipe()  # and writes answers on its fd 4
        # the child's ends moved above 4 first, so putting them on 3 and 4 cannot overwrite one with the other
        high_r, high_w = (fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (to_chromium_r, from_chromium_w))
        os.close(to_chromium_r); os.close(from_chromium_w)
        def child_fds():
            os.dup2(high_r, 3); os.dup2(high_w, 4)
        self.process = subprocess.Popen(
            [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--use-angle=swiftshader",
             "--enable-unsafe-swiftshader", "--hide-scrollbars", "--disable-background-timer-throttling",
             "--disable-renderer-backgrounding", "--disable-backgrounding-occluded-windows",
             "--remote-debugging-pipe", f"--user-data-dir={self.profile}", f"--window-size={width},{height}",
             "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=child_fds, pass_fds=(3, 4))
        os.close(high_r); os.close(high_w)
        self.buffer, self.next_id = b"", 0

    def call(self, method, session=None, **params):
        """Sends one command and returns its result (events in between are skipped)."""
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if session: message["sessionId"] = session
        os.write(self.to_chromium, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self.buffer:
                chunk = os.read(self.from_chromium, 1 << 20)
                if not chunk: raise RuntimeError(f"chromium closed the pipe during {method}")
                self.buffer += chunk
            raw, self.buffer = self.buffer.split(b"\0", 1)
            answer = json.loads(raw)
            if answer.get("id") != self.next_id: continue
            if "error" in answer: raise ProtocolError(f"{method}: {answer['error']}")
            return answer.get("result", {})

    def close(self):
        try: self.call("Browser.close")
        except (RuntimeError, OSError): pass
        try: self.process.wait(10)
        except subprocess.TimeoutExpired: self.process.kill(); self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("url"); ap.add_argument("out")
    ap.add_argument("--width", type=int, default=1200); ap.add_argument("--height", type=int, default=600)
    ap.add_argument("--wait", action="append", default=[], help="a <body> data attribute that must be \"true\"")
    ap.add_argument("--timeout", type=float, default=300)
    a = ap.parse_args()
    browser = Browser(a.width, a.height)
    try:
        target = browser.call("Target.createTarget", url="about:blank")["targetId"]
        session = browser.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        browser.call("Emulation.setDeviceMetricsOverride", session, width=a.width, height=a.height,
                     deviceScaleFactor=1, mobile=False)
        browser.call("Page.navigate", session, url=a.url)
        tag_of_body = "document.body ? document.body.cloneNode(false).outerHTML : ''"
        deadline, tag = time.monotonic() + a.timeout, ""
        while True:
            try:
                tag = browser.call("Runtime.evaluate", session, expression=tag_of_body,
                                   returnByValue=True)["result"].get("value", "")
            except ProtocolError:
                pass  # (asked while the navigation swaps documents: the old context is gone; asked again below)
            if all(f'{name}="true"' in tag for name in a.wait): break
            if time.monotonic() > deadline:
                print(tag)
                print(f"browser_screenshot: {a.url} did not set {', '.join(a.wait)} within {a.timeout:g} s", file=sys.stderr)
                return 1
            time.sleep(0.2)
        print(tag)
        shot = browser.call("Page.captureScreenshot", session, format="png")["data"]
        try:
            with open(a.out, "wb") as f: f.write(base64.b64decode(shot))
        except OSError as error:
            print(f"browser_screenshot: cannot write the screenshot: {error}", file=sys.stderr)
            return 1
        return 0
    finally:
        browser.close()


if __name__ == "__main__":
    sys.exit(main())
