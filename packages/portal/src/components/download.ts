/** Letting the browser download a file. */

/** Follows a URL as a download (its Content-Disposition names the file). */
export function followDownload(url: string, name?: string) {
  const a = document.createElement('a');
  a.href = url;
  if (name) a.download = name;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Saves text as a file through the browser's download. */
export function download(name: string, text: string, type = 'text/plain;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  followDownload(url, name);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `2026-11-22`: the local date that names a file. */
export const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
