import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card, PageHeader } from '../../../components/ui/card.tsx';
import { paths } from '../../../lib/paths.ts';

/** The frame both error screens share: the heading, their details, and the way back home. */
export function ErrorScreen({ description, children }: { description: string; children: ReactNode }) {
  return (
    <>
      <PageHeader title="Error" description={description} />
      <Card>
        {children}
        <div className="mt-6">
          <ButtonLink href={paths.emailAccounts} variant="secondary">
            Back to Home
          </ButtonLink>
        </div>
      </Card>
    </>
  );
}
