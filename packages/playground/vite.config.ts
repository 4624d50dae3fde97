import { defineConfig } from 'vite';

export default defineConfig({
  // Relative asset URLs: the same build works under the server's /playground/ and as a site of its own.
  base: './',
  build: {
    target: 'es2022',
    // Every script is a file of its own origin: the page's CSP allows no inline script.
    assetsInlineLimit: 0,
    // The editor bundles CodeMirror with the HTML, CSS and JavaScript grammars that Jinja highlighting builds on.
    chunkSizeWarningLimit: 1024,
  },
  worker: { format: 'es' },
  // `pnpm --filter @personalize/playground dev`: the preview API of a `pnpm serve` running beside it.
  server: { proxy: { '/core-services': 'http://127.0.0.1:3000' } },
});
