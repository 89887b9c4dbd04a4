import { useState, type DragEvent } from 'react';

/**
 * A drop area for files: `isDragging` while something is dragged over it, and the three handlers to spread on
 * the element. Nothing is taken while `disabled`; a drop hands over the browser's DataTransfer.
 */
export function useDropTarget(options: { disabled: boolean; onDrop: (data: DataTransfer) => void }) {
  const [isDragging, setIsDragging] = useState(false);
  const handlers = {
    onDragOver(event: DragEvent) {
      if (options.disabled) return;
      event.preventDefault();
      setIsDragging(true);
    },
    onDragLeave() {
      setIsDragging(false);
    },
    onDrop(event: DragEvent) {
      event.preventDefault();
      setIsDragging(false);
      if (!options.disabled) options.onDrop(event.dataTransfer);
    },
  };
  return { isDragging, handlers };
}
