// Runs before the app's code (written into the page by the build, allowed by its hash). With a
// session on this device, the reads every signed-in first load makes go out now, while the app's
// code downloads, and the app takes their answers instead of asking again (lib/early-reads.ts).
// The address's screen code starts loading too (vite/route-preloads.ts lists the files): a
// board's with a session, the sign-in screens' without one.
(() => {
  try {
    const token = JSON.parse(localStorage.getItem('strata.token') || 'null');
    const hasSession = Boolean(token && typeof token.access_token === 'string');
    preloadScreens(hasSession);
    if (!hasSession) return;
    // An access token about to expire is refreshed by the app first: nothing is read early.
    const expires = Date.parse(token.created_at) + token.expires_in * 1000 - 5000;
    if (!(Date.now() < expires)) return;
    const version = document.querySelector('meta[name="strata-client-version"]');
    const headers = { accept: 'application/json', authorization: `Bearer ${token.access_token}` };
    if (version) headers['x-client-version'] = version.content;
    const paths = ['/api/me', '/api/me/workspaces'];
    const board = /^\/b\/([A-Za-z0-9]+)(?:\/|$)/.exec(location.pathname);
    if (board) {
      // Which workspace holds the board: asked unless this device remembers it (lib/boards/board-teams.ts).
      const profile = JSON.parse(localStorage.getItem('strata.profile') || 'null');
      const teams = JSON.parse(localStorage.getItem('strata.board-teams') || '{}');
      if (!profile || typeof teams[`${profile.id}:${board[1]}`] !== 'number')
        paths.push(`/api/boards/${board[1]}`);
    }
    const reads = {};
    for (const path of paths) reads[path] = fetch(path, { headers, credentials: 'include' });
    // Taken once each, and only while the page is loading.
    window.strataEarlyReads = { reads, until: Date.now() + 15000 };
  } catch {
    // no storage or a damaged entry: the app reads as usual
  }

  /** The files of the address's screens, for a visit with a session or without one. */
  function preloadScreens(hasSession) {
    const routes = JSON.parse(document.getElementById('strata-route-files')?.textContent || '{}');
    for (const prefix of Object.keys(routes)) {
      const { session, files } = routes[prefix];
      if (session !== hasSession || !location.pathname.startsWith(prefix)) continue;
      for (const file of files) {
        const link = document.createElement('link');
        if (file.endsWith('.css')) {
          // As the app's loader will ask for it (a CORS stylesheet), or the preload goes unused.
          link.rel = 'preload';
          link.as = 'style';
          link.crossOrigin = '';
        } else link.rel = 'modulepreload';
        link.href = file;
        document.head.appendChild(link);
      }
    }
  }
})();
