import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { KEPT_BOARD_ATTRIBUTE } from './lib/offline/kept-board';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">: the app mounts there.');
const root = container;

function start(): void {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // The board kept on the device (boot/show-kept-board.ts) has been taken over by the first render,
  // which is synchronous: from now on the page answers taps.
  if (root.hasAttribute(KEPT_BOARD_ATTRIBUTE)) {
    root.removeAttribute(KEPT_BOARD_ATTRIBUTE);
    root.inert = false;
    root.style.pointerEvents = '';
  }
}

if (root.hasAttribute(KEPT_BOARD_ATTRIBUTE)) {
  // The kept board is painted first: the script, kept on the device too, is often ready by the
  // end of the HTML, and its first render would otherwise run before the browser's first frame,
  // holding the kept week off the screen for as long as that render takes (docs/decisions/084).
  // After the next frame's paint, or after 500 ms when no frame comes (a tab in the background).
  let isStarted = false;
  const startOnce = () => {
    if (isStarted) return;
    isStarted = true;
    start();
  };
  requestAnimationFrame(() => setTimeout(startOnce));
  setTimeout(startOnce, 500);
} else {
  start();
}
