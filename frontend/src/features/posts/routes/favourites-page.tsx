import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/card.tsx';
import { useFavourites } from '../api/use-favourites.ts';
import { EmptyPosts, PostResults } from '../components/post-results.tsx';
import { pageFromParams, withPage } from '../../../lib/page-param.ts';

const PAGE_SIZE = 50;

/** Favourite posts, newest post date first. */
export function FavouritesPage() {
  const [params, setParams] = useSearchParams();
  const page = pageFromParams(params);
  const favourites = useFavourites(page, PAGE_SIZE);

  return (
    <>
      <PageHeader title="Favourites" description="Posts marked with the heart." />
      <PostResults
        data={favourites.data}
        error={favourites.error}
        isLoading={favourites.isLoading}
        isValidating={favourites.isValidating}
        language="kor"
        onPageChange={(next) => setParams(withPage(params, next))}
        errorTitle="Error Loading Favorites"
        errorText="Failed to load favorites"
        empty={<EmptyPosts title="No favorites yet." />}
      />
    </>
  );
}
