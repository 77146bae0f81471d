import { toast } from '../../../lib/toast.tsx';
import type { Model } from '../api/models.ts';

const DRIVE_HOSTS = new Set(['drive.google.com', 'docs.google.com']);

export type DownloadPlan =
  | { kind: 'missing' }
  /** Drive answers a sign-in page or a virus-scan page to a script, so the browser opens it in a tab instead. */
  | { kind: 'open'; url: string }
  | { kind: 'fetch'; url: string; fileName: string };

/** A failed HTTP answer of a file's host (not of our API). */
export class DownloadHttpError extends Error {
  readonly status: number;

  constructor(status: number) {
    super(`HTTP ${status}`);
    this.name = 'DownloadHttpError';
    this.status = status;
  }
}

function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

export function isGoogleDriveUrl(url: string): boolean {
  const parsed = parseUrl(url.trim());
  return !!parsed && DRIVE_HOSTS.has(parsed.hostname);
}

/** The direct-download link of a Drive file (from ?id=X or /file/d/X/), or the link as it was when it names no file. */
export function driveDirectUrl(url: string): string {
  const parsed = parseUrl(url.trim());
  if (!parsed) return url;
  const id = parsed.searchParams.get('id') ?? /\/file\/d\/([^/?#]+)/.exec(parsed.pathname)?.[1];
  return id ? `https://drive.google.com/uc?export=download&id=${encodeURIComponent(id)}` : url;
}

export function downloadFileName(model: Pick<Model, 'nameEng' | 'comcardNo'>): string {
  return `${model.nameEng?.trim() || 'model'}_${model.comcardNo}.jpg`;
}

export function planDownload(model: Model): DownloadPlan {
  const url = model.download?.trim();
  if (!url) return { kind: 'missing' };
  if (isGoogleDriveUrl(url)) return { kind: 'open', url: driveDirectUrl(url) };
  return { kind: 'fetch', url, fileName: downloadFileName(model) };
}

export function downloadFailureMessage(error: unknown): string {
  if (error instanceof DownloadHttpError && error.status === 403) {
    return 'Access denied. Please check if you have permission to access this file.';
  }
  if (error instanceof DownloadHttpError && error.status === 404)
    return 'File not found. Please check if the file still exists.';
  if (error instanceof Error && error.message) return `Download failed: ${error.message}`;
  return 'Failed to download file. Please try again.';
}

export function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

function saveBlob(blob: Blob, fileName: string): void {
  const objectUrl = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = objectUrl;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked on the next task: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
}

/** The Model List's Download: a toast when there is no file, a new tab for Drive, else the file saved under the model's name. */
export async function downloadModel(model: Model): Promise<void> {
  const plan = planDownload(model);
  if (plan.kind === 'missing') {
    toast.error('Download URL is not available for this file.');
    return;
  }
  if (plan.kind === 'open') {
    openInNewTab(plan.url);
    return;
  }
  try {
    const response = await fetch(plan.url);
    if (!response.ok) throw new DownloadHttpError(response.status);
    saveBlob(await response.blob(), plan.fileName);
  } catch (error) {
    toast.error(downloadFailureMessage(error));
  }
}
