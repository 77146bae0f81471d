import { renderHook, waitFor, act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import type { Model, PostSelection } from './models.ts';

const model = (id: number, nameEng: string | null, nameKor: string | null = null): Model =>
  ({
    id,
    comcardNo: `JC-${id}`,
    nameEng,
    nameKor,
    image: null,
    national: null,
    stage: null,
    additionalPic: null,
    download: null,
    comcardPhotoURL: null,
    htmlUrl: null,
    thumbnailUrl: null,
    version: 1,
  }) as Model;
const ok = <T,>(data: T) => ({ data, response: new Response(null, { status: 200 }) });

const GET = vi.fn();
const PUT = vi.fn();
const DELETE = vi.fn();
vi.mock('../../../lib/api-client.ts', () => ({
  api: {
    GET: (...args: unknown[]) => GET(...args),
    PUT: (...args: unknown[]) => PUT(...args),
    DELETE: (...args: unknown[]) => DELETE(...args),
  },
}));
const { deselectModel, modelName, selectModels, useSelectionsOf } = await import('./models.ts');

// The app's global cache, which selectModels and deselectModel write to.
const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ dedupingInterval: 0 }}>{children}</SWRConfig>
);

describe('the selected models of a page of posts', () => {
  it('reads the whole page in one request and follows a selection or a removal without reading again', async () => {
    const page: PostSelection[] = [
      { postId: 'P-1', models: [] },
      { postId: 'P-2', models: [model(1, 'Emily Carter')] },
    ];
    GET.mockResolvedValue(ok(page));
    const { result } = renderHook(() => useSelectionsOf(['P-1', 'P-2']), { wrapper });
    await waitFor(() => expect(result.current.byPost.get('P-2')?.map(modelName)).toEqual(['Emily Carter']));
    expect(GET).toHaveBeenCalledTimes(1);
    expect(GET).toHaveBeenCalledWith('/backend/api/v1/posts/selected-models', {
      params: { query: { postIds: ['P-1', 'P-2'] } },
    });

    PUT.mockResolvedValue(ok([model(2, null, '김민준'), model(3, null, null)]));
    await act(() => selectModels('P-1', [2, 3]));
    expect(result.current.byPost.get('P-1')?.map(modelName)).toEqual(['김민준', 'JC-3']);

    DELETE.mockResolvedValue({ data: undefined, response: new Response(null, { status: 204 }) });
    await act(() => deselectModel('P-2', 1));
    expect(result.current.byPost.get('P-2')).toEqual([]);
    // The page's other post is left as it was, and nothing was read again.
    expect(result.current.byPost.get('P-1')).toHaveLength(2);
    expect(GET).toHaveBeenCalledTimes(1);
  });

  it('asks nothing for an empty page', () => {
    GET.mockClear();
    const { result } = renderHook(() => useSelectionsOf([]), { wrapper });
    expect(result.current.byPost.size).toBe(0);
    expect(GET).not.toHaveBeenCalled();
  });
});
