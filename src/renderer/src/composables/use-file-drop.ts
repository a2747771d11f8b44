import { onBeforeUnmount, onMounted, ref } from 'vue';

const carriesFiles = (event: DragEvent) =>
  !!event.dataTransfer && [...event.dataTransfer.types].includes('Files');

/**
 * Files dropped anywhere in the window while the calling component is
 * mounted. `dragging` is true while a file is held over the window (for an
 * overlay). Every file drag is taken over, so a dropped file never makes the
 * window navigate away to show it.
 */
export function useFileDrop(onFile: (file: File) => void) {
  const dragging = ref(false);
  // dragenter/dragleave fire for every child element crossed: count them to know when the window is left.
  let depth = 0;

  const enter = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth++;
    dragging.value = true;
  };
  const over = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer!.dropEffect = 'copy';
  };
  const leave = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    depth = Math.max(0, depth - 1);
    if (depth === 0) dragging.value = false;
  };
  const drop = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth = 0;
    dragging.value = false;
    const file = event.dataTransfer?.files[0];
    if (file) onFile(file);
  };

  onMounted(() => {
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
  });
  onBeforeUnmount(() => {
    window.removeEventListener('dragenter', enter);
    window.removeEventListener('dragover', over);
    window.removeEventListener('dragleave', leave);
    window.removeEventListener('drop', drop);
  });

  return { dragging };
}
