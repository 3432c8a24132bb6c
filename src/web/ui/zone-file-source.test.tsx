import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LARGE_TEXT_CHARS, ZoneFileSource } from './zone-file-source';

function Harness({ initial = '' }: { initial?: string }) {
  const [text, setText] = useState(initial);
  return <ZoneFileSource value={text} onChange={setText} />;
}

describe('ZoneFileSource', () => {
  it('reads a picked file into the box, and says which and how many lines', async () => {
    render(<Harness initial="pasted" />);
    const user = userEvent.setup();
    const picker = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(picker, new File(['www A 192.0.2.1\nmail A 192.0.2.2\n'], 'shop.zone'));
    const box = screen.getByLabelText('Zone file');
    await waitFor(() => expect(box).toHaveValue('www A 192.0.2.1\nmail A 192.0.2.2\n'));
    expect(box).toHaveAccessibleDescription(/From shop\.zone\. 3 lines\./);
  });

  it('refuses a binary file beside the box, and keeps the text that was there', async () => {
    render(<Harness initial="pasted" />);
    const user = userEvent.setup({ applyAccept: false });
    const picker = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(picker, new File([new Uint8Array([0x1f, 0x8b, 0, 0])], 'zone.tgz'));
    const box = screen.getByLabelText('Zone file');
    await waitFor(() => expect(box).toHaveAccessibleDescription(/zone\.tgz is not a text file/));
    expect(box).toHaveValue('pasted');
    expect(box).toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps megabytes of text out of a text area: said, and cleared on demand', async () => {
    const line = 'h000000 IN A 192.0.2.1\n';
    render(<Harness initial={line.repeat(Math.ceil(LARGE_TEXT_CHARS / line.length) + 1)} />);
    const box = screen.getByLabelText('Zone file');
    expect(box.tagName).toBe('INPUT');
    expect(box).toHaveAttribute('readonly');
    expect(box).toHaveValue('Pasted text: 1.0 MB');
    expect(box).toHaveAccessibleDescription(/Too large to edit here/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByLabelText('Zone file').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Zone file')).toHaveValue('');
  });
});
