import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // React changes less often than the app: its own chunk stays cached across releases. Other libraries go
        // with the pages that use them (every page is a lazy chunk), so a page loads only the components it shows.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            // pdf.js is loaded only by the screens that show pages, on their first use.
            { name: 'pdfjs', test: /node_modules[\\/]pdfjs-dist[\\/]/ },
            // Loaded only when a drawing area opens (dynamic import), so it stays out of the first load.
            { name: 'signature-pad', test: /node_modules[\\/]signature_pad[\\/]/ },
          ],
        },
      },
    },
  },
});
