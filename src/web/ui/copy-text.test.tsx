// Copy: "Copied" on the button and in a live region; a refused clipboard selects the text.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CopyText } from './copy-text';

const DS = '2371 13 2 1F987CC6583E92DF0890718C42';

function stubClipboard(writeText: (text: string) => Promise<void>) {
  vi.stubGlobal('isSecureContext', true);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

describe('CopyText', () => {
  it('copies the value, says "Copied" for a moment and announces it', async () => {
    const writeText = vi.fn(async () => undefined);
    stubClipboard(writeText);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<CopyText value={DS} label="DS record (SHA-256)" text="Copy DS" />);
    const button = screen.getByRole('button', { name: 'Copy DS record (SHA-256)' });
    expect(button).toHaveTextContent('Copy DS');
    await userEvent.click(button);
    expect(writeText).toHaveBeenCalledWith(DS);
    expect(button).toHaveTextContent('Copied');
    expect(screen.getByRole('status')).toHaveTextContent('Copied DS record (SHA-256)');
    act(() => vi.advanceTimersByTime(2100));
    expect(button).toHaveTextContent('Copy DS');
    expect(screen.getByRole('status')).toHaveTextContent('');
    vi.useRealTimers();
  });

  it('selects the value for a manual copy when the browser refuses, and says so', async () => {
    stubClipboard(async () => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    render(<CopyText value={DS} label="digest" />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy digest' }));
    expect(window.getSelection()?.toString()).toBe(DS);
    expect(screen.getByRole('status')).toHaveTextContent(
      'The browser did not allow copying. The digest is selected: press Ctrl+C',
    );
    expect(screen.getByRole('button', { name: 'Copy digest' })).not.toHaveTextContent('Copied');
  });

  it('without the Clipboard API (plain http), falls back to execCommand, then to selecting', async () => {
    vi.stubGlobal('isSecureContext', false);
    const exec = vi.fn(() => false);
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
    render(<CopyText value="dig @127.0.0.1 -p 8053 a.example" label="dig command" />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy dig command' }));
    expect(exec).toHaveBeenCalledWith('copy');
    expect(window.getSelection()?.toString()).toBe('dig @127.0.0.1 -p 8053 a.example');
  });

  it('a command keeps each word whole (no break at a hyphen) and selects as the same text', async () => {
    vi.stubGlobal('isSecureContext', false);
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    const value = 'dig +dnssec DS my-zone.example';
    const { container } = render(<CopyText value={value} label="dig command" command />);
    const words = [...container.querySelectorAll('code .copy-text-word')].map((w) => w.textContent);
    expect(words).toEqual(['dig', '+dnssec', 'DS', 'my-zone.example']);
    expect(container.querySelector('code')).toHaveTextContent(value);
    await userEvent.click(screen.getByRole('button', { name: 'Copy dig command' }));
    expect(window.getSelection()?.toString()).toBe(value);
  });
});
