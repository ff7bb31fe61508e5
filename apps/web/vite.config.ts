import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstScreenChunks } from './scripts/first-screen-chunks.ts';
import { firstScreenPreloads } from './scripts/first-screen-preloads.ts';

const API_ORIGIN = 'http://localhost:3000';

/** Light and dark page backgrounds (tokens.css `--color-bg`), for the browser's own chrome. */
const THEME_COLOR = { light: '#f7f7f5', dark: '#191919' } as const;

/**
 * Paths the server answers itself — the API, login and checkout pages, the OpenAPI docs, the
 * health check (shared `isApiPath` plus /healthz): a navigation to them must reach the server,
 * never get the app's page from the service worker (decision 028).
 */
const SERVER_PATHS = [
  /^\/api(\/|$)/,
  /^\/auth(\/|$)/,
  /^\/workspaces\//,
  /^\/billing\//,
  /^\/healthz/,
];

export default defineConfig({
  plugins: [
    react(),
    firstScreenChunks(),
    firstScreenPreloads(),
    // Installable and opens with no network (issue 15): the shell and every chunk are
    // precached; a new version waits until the user takes it (registerType "prompt").
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Hustle',
        short_name: 'Hustle',
        description: 'Plan your day, then execute it.',
        start_url: '/execute',
        scope: '/',
        display: 'standalone',
        background_color: THEME_COLOR.light,
        theme_color: THEME_COLOR.light,
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,wav,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: SERVER_PATHS,
        // The API is never cached by the worker: the app keeps its own data (decision 028).
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        // The first install serves the page it came with, so a first visit already works
        // offline; a later version still waits for the user (no skipWaiting).
        clientsClaim: true,
        // Reminders (decision 083): the push and notification-click handlers, added to the
        // generated worker rather than replacing it, so the offline behaviour stays Workbox's.
        importScripts: ['/reminders-worker.js'],
      },
    }),
  ],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': API_ORIGIN,
      '/auth': API_ORIGIN,
      '/workspaces': API_ORIGIN,
      '/billing': API_ORIGIN,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
