import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Timers } from '../session/loginCheck.ts';
import { createModalController, type ClickLike } from './registry.ts';

const timers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

function setup(isLoggedIn = false) {
  const goToNewCheck = vi.fn();
  const logError = vi.fn();
  const controller = createModalController({ isLoggedIn: () => isLoggedIn, goToNewCheck, timers, logError });
  return { controller, goToNewCheck, logError };
}

function clickOn(modalName: string | null): ClickLike & { preventDefault: ReturnType<typeof vi.fn<() => void>> } {
  const element = { getAttribute: (name: string) => (name === 'data-modal' ? modalName : null) };
  return {
    target: { closest: (selector: string) => (selector === '[data-modal]' && modalName !== null ? element : null) },
    defaultPrevented: false,
    button: 0,
    preventDefault: vi.fn<() => void>(),
  };
}

describe('modal controller', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens a registered modal with its props', () => {
    const { controller } = setup();
    const opener = vi.fn();
    controller.register('info', opener);
    controller.openModal('info', { message: 'hi' });
    expect(opener).toHaveBeenCalledWith({ message: 'hi' });
  });

  it('retries an unregistered modal 10 times at 100 ms, then only logs', () => {
    const { controller, logError } = setup();
    controller.openModal('cart');
    vi.advanceTimersByTime(999);
    expect(logError).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(logError).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(logError).toHaveBeenCalledTimes(1);
  });

  it('opens a modal that registers during the retries', () => {
    const { controller, logError } = setup();
    const opener = vi.fn();
    controller.openModal('login');
    vi.advanceTimersByTime(350);
    controller.register('login', opener);
    vi.advanceTimersByTime(100);
    expect(opener).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2000);
    expect(opener).toHaveBeenCalledTimes(1);
    expect(logError).not.toHaveBeenCalled();
  });

  it('delegated clicks open the named modal for guests', () => {
    const { controller } = setup(false);
    const opener = vi.fn();
    controller.register('signup', opener);
    const event = clickOn('signup');
    controller.handleClick(event);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(opener).toHaveBeenCalled();
  });

  it('sends a logged-in user to the new-check page, except for get_api_token', () => {
    const { controller, goToNewCheck } = setup(true);
    const login = vi.fn();
    const token = vi.fn();
    controller.register('login', login);
    controller.register('get_api_token', token);
    controller.handleClick(clickOn('login'));
    expect(login).not.toHaveBeenCalled();
    expect(goToNewCheck).toHaveBeenCalledTimes(1);
    controller.handleClick(clickOn('get_api_token'));
    expect(token).toHaveBeenCalledTimes(1);
  });

  it('ignores clicks outside data-modal elements and modified clicks', () => {
    const { controller } = setup();
    const opener = vi.fn();
    controller.register('login', opener);
    const plain = clickOn(null);
    controller.handleClick(plain);
    controller.handleClick({ ...clickOn('login'), ctrlKey: true });
    expect(plain.preventDefault).not.toHaveBeenCalled();
    expect(opener).not.toHaveBeenCalled();
  });

  it('closeAll calls every registered closer', () => {
    const { controller } = setup();
    const close = vi.fn();
    const off = controller.registerCloser(close);
    controller.closeAll();
    off();
    controller.closeAll();
    expect(close).toHaveBeenCalledTimes(1);
  });
});
