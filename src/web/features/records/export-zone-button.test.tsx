// "Export zone file": the file saved as <zone>.zone through an object URL, a refusal as a toast.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch, errorBody, renderApp } from '../../test/render';
import { ExportZoneButton } from './export-zone-button';

afterEach(() => vi.restoreAllMocks());

function ui() {
  return (
    <>
      <ExportZoneButton zoneId="z1" zoneName="example.com" />
      <Toaster />
    </>
  );
}

describe('ExportZoneButton', () => {
  it('saves the answer as example.com.zone', async () => {
    answerFetch(() => ({ status: 200, body: 'file' }));
    const made = vi.fn((_blob: Blob) => 'blob:zone');
    URL.createObjectURL = made as typeof URL.createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(`${this.download} ${this.href}`);
    });
    renderApp(ui());
    await userEvent.click(screen.getByRole('button', { name: 'Export zone file' }));
    await vi.waitFor(() => expect(clicked).toEqual(['example.com.zone blob:zone']));
    expect(await made.mock.calls[0]![0].text()).toBe('"file"');
  });

  it('shows the ApiError message in a toast', async () => {
    answerFetch(() => ({
      status: 403,
      body: errorBody('insufficient_scope', 'This key lacks records:read.'),
    }));
    renderApp(ui());
    await userEvent.click(screen.getByRole('button', { name: 'Export zone file' }));
    expect(await screen.findByText('Could not export the zone file')).toBeInTheDocument();
    expect(screen.getByText('This key lacks records:read.')).toBeInTheDocument();
  });
});
