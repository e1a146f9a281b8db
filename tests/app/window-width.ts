/**
 * The test window's width for what renders next: 1024 px unless a test sets it (setup.ts puts it back
 * after each test). happy-dom applies the stylesheet's media queries, such as Mantine's hiddenFrom and
 * visibleFrom, by it when an element's style is first read, so a test sets it before rendering.
 */
export function setWindowWidth(width: number): void {
  (window as unknown as { happyDOM: { setViewport(viewport: { width: number }): void } }).happyDOM.setViewport({
    width,
  });
}
