// A file dropped anywhere on the page: the browser would otherwise open it in place of the app.
import { useEffect, useRef, useState } from 'react';

/** A dropped file, numbered so that the same file dropped twice is read twice. */
export interface DroppedFile {
  file: File;
  id: number;
}

const carriesFiles = (e: DragEvent) => e.dataTransfer?.types.includes('Files') ?? false;

/**
 * Calls `onFile` with the first file dropped on the window while the calling page is mounted;
 * answers whether files are being dragged over it (for a visible drop target).
 */
export function useFileDrop(onFile: (file: File) => void): boolean {
  const [dragging, setDragging] = useState(false);
  const latest = useRef(onFile);
  useEffect(() => {
    latest.current = onFile;
  });
  useEffect(() => {
    // dragenter and dragleave fire for every element crossed: counted, they say when the
    // pointer has left the window.
    let depth = 0;
    const enter = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      depth++;
      setDragging(true);
    };
    const leave = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const over = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault(); // allows the drop
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const drop = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setDragging(false);
      const file = e.dataTransfer?.files[0];
      if (file) latest.current(file);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, []);
  return dragging;
}

/** What a page with a drop target hands the route it opens (the import dialog) through its outlet. */
export interface FileDropContext {
  dropped: DroppedFile | null;
}
