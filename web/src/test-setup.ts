import { afterEach } from 'vitest';

// DOM set-up only for files that run under jsdom (`// @vitest-environment jsdom`)
if (typeof window !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  // findBy… and waitFor wait up to 3 s (the default 1 s failed validation messages on a loaded 2-core machine)
  configure({ asyncUtilTimeout: 3000 });
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });
  pruneInjectedStyles();
  // antd's dropdowns and modals observe sizes; jsdom lacks ResizeObserver
  if (typeof globalThis.ResizeObserver === 'undefined') {
    globalThis.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  }
  // antd reads matchMedia for responsive parts; jsdom lacks it
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
}

/**
 * antd injects its component styles as <style> tags (some 540 KB of CSS once a screen with a table and
 * a dialog has rendered), and jsdom's getComputedStyle matches every rule against the element on each
 * call (about 6 ms a call here). Testing Library calls it for every element it looks at (is it hidden?
 * what is its name?), so a single getByRole took 10-20 s. The tests read no computed style but
 * display and visibility, so each style sheet keeps only the rules that set one of them: the rest
 * (colours, sizes, @media, @keyframes) is dropped when the sheet is parsed.
 */
function pruneInjectedStyles() {
  const prune = (node: unknown) => {
    if (!(node instanceof HTMLStyleElement) || !node.sheet) return;
    const sheet = node.sheet;
    for (let i = sheet.cssRules.length - 1; i >= 0; i--) {
      const rule = sheet.cssRules[i];
      const keep = rule instanceof CSSStyleRule && (rule.style.getPropertyValue('display') !== '' || rule.style.getPropertyValue('visibility') !== '');
      if (!keep) sheet.deleteRule(i);
    }
  };
  const proto = Node.prototype;
  const appendChild = proto.appendChild;
  const insertBefore = proto.insertBefore;
  proto.appendChild = function <T extends Node>(this: Node, node: T): T {
    const r = appendChild.call(this, node) as T;
    prune(node);
    return r;
  };
  proto.insertBefore = function <T extends Node>(this: Node, node: T, child: Node | null): T {
    const r = insertBefore.call(this, node, child) as T;
    prune(node);
    return r;
  };
  // a style tag already in the page whose CSS is replaced (antd updates its tags in place)
  for (const key of ['innerHTML', 'textContent'] as const) {
    const owner = key === 'innerHTML' ? Element.prototype : Node.prototype;
    const d = Object.getOwnPropertyDescriptor(owner, key)!;
    Object.defineProperty(HTMLStyleElement.prototype, key, {
      configurable: true,
      get(this: HTMLStyleElement) {
        return d.get!.call(this);
      },
      set(this: HTMLStyleElement, v: string) {
        d.set!.call(this, v);
        prune(this);
      },
    });
  }
}
