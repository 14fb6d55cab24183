import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { KEPT_BOARD_ATTRIBUTE } from './lib/offline/kept-board';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">: the app mounts there.');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The board kept on the device (boot/show-kept-board.ts) has been taken over by the first render,
// which is synchronous: from now on the page answers taps.
if (container.hasAttribute(KEPT_BOARD_ATTRIBUTE)) {
  container.removeAttribute(KEPT_BOARD_ATTRIBUTE);
  container.inert = false;
  container.style.pointerEvents = '';
}
