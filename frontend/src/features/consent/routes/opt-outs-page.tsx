import { ButtonLink } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/card.tsx';
import { paths } from '../../../lib/paths.ts';
import { ConsentToReconfirm } from '../components/consent-to-reconfirm.tsx';
import { OptOutRegister } from '../components/opt-out-register.tsx';
import { RecordOptOuts } from '../components/record-opt-outs.tsx';

/** /admin/opt-outs: the opt-out (수신거부) and consent register every staff member shares. */
export function OptOutsPage() {
  return (
    <>
      <PageHeader
        title="Opt-outs (수신거부)"
        description="Whoever is here is left out of every send of that channel, whatever the sender chooses. Advertising also needs a contact's recorded consent."
        actions={
          <ButtonLink variant="secondary" href={paths.outreach()}>
            Outreach History
          </ButtonLink>
        }
      />
      <div className="grid items-start gap-4 xl:grid-cols-[22rem_minmax(0,1fr)]">
        <RecordOptOuts />
        <div className="flex min-w-0 flex-col gap-4">
          <OptOutRegister />
          <ConsentToReconfirm />
        </div>
      </div>
    </>
  );
}
