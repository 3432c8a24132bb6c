// A dialog's open state in the URL (?dialog=name): after a sign-in forced by a 401, or a reload,
// the same dialog opens again with its draft.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export function useDialogParam(name: string): [boolean, (open: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const open = params.get('dialog') === name;
  const setOpen = useCallback(
    (next: boolean) =>
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (next) p.set('dialog', name);
          else p.delete('dialog');
          return p;
        },
        { replace: true, preventScrollReset: true },
      ),
    [name, setParams],
  );
  return [open, setOpen];
}
