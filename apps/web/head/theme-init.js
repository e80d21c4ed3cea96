// Runs before the first paint (written into the page by the build, allowed by its hash):
// applies the cached theme and language direction so the page never flashes the wrong theme or
// direction.
(() => {
  try {
    const root = document.documentElement;
    const theme = localStorage.getItem('strata.theme');
    if (theme === 'light' || theme === 'dark') root.dataset.theme = theme;
    // A session on this device: the HTML's first frame is the app's (ui/first-paint.css).
    if (localStorage.getItem('strata.token')) root.dataset.firstPaint = 'app';
    const locale = localStorage.getItem('strata.locale');
    if (locale) {
      root.lang = locale;
      root.dir = /^(ar|he|fa|ur)([-_]|$)/i.test(locale) ? 'rtl' : 'ltr';
    }
  } catch {
    // no storage: defaults apply
  }
})();
