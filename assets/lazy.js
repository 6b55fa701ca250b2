// Mount a part of a page only when it comes near the viewport (grocer/components/lazy_mount.py).
// Until then its place is held by the server's preview of it, when the page had one (the same
// markup, kept in place: nothing moves, and the text stays for crawlers and search), or by an
// empty box of about its final height. Hydrating every home section and carousel at once was most of the home page's
// blocking time on a mid-range phone; most of them are far below the fold.
import {
  createElement,
  startTransition,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { hasPreviewPart, takePreviewPart } from "./preview.js";

const MARGIN = "600px 0px";

const EMPTY = { __html: "" };

// `eager`: a part the first screen holds. It is rendered at once, unless the server's preview of
// it is on the page: then the preview holds its place and the part mounts as the others do, in a
// transition, a frame later (rendered with the data that brings it, the first home sections made
// that render a long task on a phone). On a page reached in the app, with no preview, it is
// rendered at once: an empty box would show for that frame.
export function LazyMount({ children, eager, minHeight, part }) {
  const ref = useRef(null);
  const [shown, setShown] = useState(
    () =>
      typeof IntersectionObserver === "undefined" ||
      (Boolean(eager) && !hasPreviewPart(part)),
  );
  useLayoutEffect(() => {
    const box = ref.current;
    if (shown || !box || box.firstChild) return;
    const preview = takePreviewPart(part);
    if (preview) box.appendChild(preview);
  }, [shown, part]);
  useEffect(() => {
    const box = ref.current;
    if (shown || !box) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          startTransition(() => setShown(true));
        }
      },
      { rootMargin: MARGIN },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [shown]);
  if (shown) return children;
  // React leaves the box's children alone (they are the server's).
  return createElement("div", {
    ref,
    style: { minHeight },
    "data-lazy-mount": "",
    dangerouslySetInnerHTML: EMPTY,
    suppressHydrationWarning: true,
  });
}
