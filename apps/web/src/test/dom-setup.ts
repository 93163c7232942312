// Setup for the 'web-dom' vitest project (vitest.config.ts): what every component test needs once, not in each file.
import { afterEach } from 'vitest';
import { unmountAll } from './mount';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom has <dialog> but not its modal methods; showModal moves focus into the dialog as a browser does.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true;
  this.querySelector<HTMLElement>('button, input')?.focus();
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.open = false;
};

// jsdom lays nothing out, so it has no scrolling; a component that scrolls something into view does nothing here.
Element.prototype.scrollIntoView ??= function () {};

// Stubbed globals are put back by the project's `unstubGlobals: true`.
afterEach(() => unmountAll());
