import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Model } from '../api/models.ts';
import * as toasts from '../../../lib/toast.tsx';
import {
  DownloadHttpError,
  downloadFailureMessage,
  downloadFileName,
  downloadModel,
  driveDirectUrl,
  isGoogleDriveUrl,
  planDownload,
} from './model-download.ts';
import { modelFixture } from '../domain/model-fixture.ts';

function model(fields: Partial<Model> = {}): Model {
  return modelFixture({ id: 1, comcardNo: 'A101', nameEng: 'Anna Kim', ...fields });
}

describe('isGoogleDriveUrl', () => {
  it('knows drive.google.com and docs.google.com only', () => {
    expect(isGoogleDriveUrl('https://drive.google.com/file/d/abc/view')).toBe(true);
    expect(isGoogleDriveUrl('https://docs.google.com/uc?id=abc')).toBe(true);
    expect(isGoogleDriveUrl('https://example.com/drive.google.com/x.jpg')).toBe(false);
    expect(isGoogleDriveUrl('https://drive.google.com.example.com/x')).toBe(false);
    expect(isGoogleDriveUrl('not a url')).toBe(false);
  });
});

describe('driveDirectUrl', () => {
  it('turns ?id= and /file/d/ links into the direct-download link', () => {
    expect(driveDirectUrl('https://drive.google.com/open?id=abc_123')).toBe(
      'https://drive.google.com/uc?export=download&id=abc_123',
    );
    expect(driveDirectUrl('https://drive.google.com/file/d/abc-123/view?usp=sharing')).toBe(
      'https://drive.google.com/uc?export=download&id=abc-123',
    );
  });

  it('leaves a link that names no file as it is', () => {
    expect(driveDirectUrl('https://drive.google.com/drive/folders/xyz')).toBe(
      'https://drive.google.com/drive/folders/xyz',
    );
  });
});

describe('planDownload', () => {
  it('has nothing to do without a download link', () => {
    expect(planDownload(model())).toEqual({ kind: 'missing' });
    expect(planDownload(model({ download: '  ' }))).toEqual({ kind: 'missing' });
  });

  it('opens Drive links in a tab', () => {
    expect(planDownload(model({ download: 'https://drive.google.com/file/d/X/view' }))).toEqual({
      kind: 'open',
      url: 'https://drive.google.com/uc?export=download&id=X',
    });
  });

  it('fetches other links and names the file after the model', () => {
    expect(planDownload(model({ download: 'https://cdn.example.com/a.jpg' }))).toEqual({
      kind: 'fetch',
      url: 'https://cdn.example.com/a.jpg',
      fileName: 'Anna Kim_A101.jpg',
    });
    expect(downloadFileName({ nameEng: null, comcardNo: 'B2' })).toBe('model_B2.jpg');
  });
});

describe('downloadFailureMessage', () => {
  it('explains 403 and 404 and passes other messages on', () => {
    expect(downloadFailureMessage(new DownloadHttpError(403))).toBe(
      'Access denied. Please check if you have permission to access this file.',
    );
    expect(downloadFailureMessage(new DownloadHttpError(404))).toBe(
      'File not found. Please check if the file still exists.',
    );
    expect(downloadFailureMessage(new DownloadHttpError(500))).toBe('Download failed: HTTP 500');
    expect(downloadFailureMessage(new TypeError('Failed to fetch'))).toBe('Download failed: Failed to fetch');
    expect(downloadFailureMessage('boom')).toBe('Failed to download file. Please try again.');
  });
});

describe('downloadModel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells the user when there is no link', async () => {
    const error = vi.spyOn(toasts.toast, 'error');
    await downloadModel(model());
    expect(error).toHaveBeenCalledWith('Download URL is not available for this file.');
  });

  it('opens Drive links without fetching them', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await downloadModel(model({ download: 'https://docs.google.com/uc?id=Q' }));
    expect(open).toHaveBeenCalledWith(
      'https://drive.google.com/uc?export=download&id=Q',
      '_blank',
      'noopener,noreferrer',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('saves the fetched file under the model name', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(new Blob(['x']), { status: 200 })));
    const createObjectURL = vi.fn().mockReturnValue('blob:1');
    // jsdom has no object URLs; this file's tests run in their own environment.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('Anna Kim_A101.jpg');
      expect(this.href).toBe('blob:1');
    });
    await downloadModel(model({ download: 'https://cdn.example.com/a.jpg' }));
    expect(createObjectURL).toHaveBeenCalledOnce();
    expect(click).toHaveBeenCalledOnce();
  });

  it('reports a refused file', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(null, { status: 404 })));
    const error = vi.spyOn(toasts.toast, 'error');
    await downloadModel(model({ download: 'https://cdn.example.com/a.jpg' }));
    expect(error).toHaveBeenCalledWith('File not found. Please check if the file still exists.');
  });
});
