// Copies a value to the clipboard and says so, with a fallback for non-secure origins.
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from './button';
import { IconCheck, IconCopy } from './icons';
import { writeClipboard } from './clipboard';

interface CopyButtonProps {
  value: string;
  /** What is copied, for the accessible name: "Copy nameserver ns1.example". */
  label: string;
  showText?: boolean;
  /** Visible text instead of "Copy", e.g. "Copy all". */
  text?: string;
}

export function CopyButton({ value, label, showText = true, text }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);

  const copy = async () => {
    try {
      await writeClipboard(value);
      setCopied(true);
      toast.success(`Copied ${value}`);
    } catch {
      toast.error('The browser did not allow copying; select the text and copy it by hand.');
    }
  };
  return (
    <Button size="sm" variant="ghost" onClick={() => void copy()} aria-label={`Copy ${label}`}>
      {copied ? <IconCheck /> : <IconCopy />}
      {showText && (
        <span className="hide-narrow" aria-hidden="true">
          {copied ? 'Copied' : (text ?? 'Copy')}
        </span>
      )}
    </Button>
  );
}
