// Drive v3 sharing: the permission resources of a file (its owner or its shared drive's members, and the grants
// on it and its folders), and the shared drives (drives.list, drives.get).
import { FieldsError, applySelection, parseFields, selectedNames, type Selection } from './fields.ts';
import { GoogleApiError, invalidParameter } from './http.ts';
import { stableNumericId } from './prng.ts';
import { grantsOf, type Account, type DriveData, type DriveNode, type Grant, type SharedDrive } from './store.ts';

export const PERMISSION_FIELDS = new Set(
  'kind id type role emailAddress domain displayName photoLink allowFileDiscovery deleted pendingOwner expirationTime permissionDetails teamDrivePermissionDetails view inheritedPermissionsDisabled'.split(
    ' ',
  ),
);
const DRIVE_FIELDS = new Set(
  'kind id name colorRgb createdTime hidden capabilities restrictions backgroundImageLink themeId orgUnitId'.split(' '),
);

/** Google's partial-response selection, with every named field checked against the resource's own. */
export function checkedSelection(
  fields: string | null,
  fallback: string,
  listKey: string,
  listFields: string[],
  itemFields: Set<string>,
): Selection {
  let selection: Selection;
  try {
    selection = parseFields(fields === null || fields.trim() === '' ? fallback : fields);
  } catch (error) {
    if (error instanceof FieldsError) throw invalidParameter('fields', error.message);
    throw error;
  }
  const top = selectedNames(selection, null);
  if (top !== 'all')
    for (const name of top)
      if (!listFields.includes(name)) throw invalidParameter('fields', `Invalid field selection ${name}`);
  const inner = selectedNames(selection, listKey);
  if (inner !== 'all')
    for (const name of inner)
      if (!itemFields.has(name)) throw invalidParameter('fields', `Invalid field selection ${name}`);
  return selection;
}

function grantId(grant: Grant): string {
  if (grant.type === 'anyone') return 'anyoneWithLink';
  return stableNumericId(`${grant.type}:${grant.emailAddress ?? grant.domain ?? ''}`, 20);
}

function grantResource(grant: Grant, inheritedFrom: string | null, sharedDrive: boolean): Record<string, unknown> {
  const resource: Record<string, unknown> = {
    kind: 'drive#permission',
    id: grantId(grant),
    type: grant.type,
    role: grant.role,
    deleted: false,
    pendingOwner: false,
  };
  if (grant.emailAddress)
    Object.assign(resource, { emailAddress: grant.emailAddress, displayName: grant.emailAddress.split('@')[0] });
  if (grant.domain) Object.assign(resource, { domain: grant.domain, displayName: grant.domain });
  if (grant.type === 'anyone' || grant.type === 'domain') resource.allowFileDiscovery = false;
  if (sharedDrive)
    resource.permissionDetails = [
      {
        permissionType: 'file',
        role: grant.role,
        inherited: inheritedFrom !== null,
        ...(inheritedFrom ? { inheritedFrom } : {}),
      },
    ];
  return resource;
}

/** The file's permissions: its owner (My Drive) or the shared drive's members, then who else it is shared with. */
export function permissionResources(
  data: DriveData,
  node: DriveNode,
  account: Account,
  origin: string,
): Record<string, unknown>[] {
  const people = node.driveId
    ? data.accounts.map((member) => ({
        kind: 'drive#permission',
        id: member.id,
        type: 'user',
        role: 'organizer',
        emailAddress: member.email,
        displayName: member.name,
        photoLink: `${origin}/sandbox/avatars/${member.id}`,
        deleted: false,
        pendingOwner: false,
        permissionDetails: [
          { permissionType: 'member', role: 'organizer', inherited: true, inheritedFrom: node.driveId },
        ],
      }))
    : [
        {
          kind: 'drive#permission',
          id: account.id,
          type: 'user',
          role: 'owner',
          emailAddress: account.email,
          displayName: account.name,
          photoLink: `${origin}/sandbox/avatars/${account.id}`,
          deleted: false,
          pendingOwner: false,
        },
      ];
  const seen = new Set<string>();
  const granted: Record<string, unknown>[] = [];
  for (
    let current: DriveNode | undefined = node;
    current;
    current = current.parentId === null ? undefined : data.nodes.get(current.parentId)
  ) {
    for (const grant of current.grants ?? []) {
      if (seen.has(grantId(grant))) continue;
      seen.add(grantId(grant));
      granted.push(grantResource(grant, current === node ? null : current.id, Boolean(node.driveId)));
    }
  }
  return [...people, ...granted];
}

/** Whether anyone besides the owner or the drive's members can open it. */
export function isShared(data: DriveData, node: DriveNode): boolean {
  return grantsOf(data, node).length > 0;
}

// --- drives.list and drives.get -------------------------------------------------------------------------------

function driveResource(drive: SharedDrive, origin: string): Record<string, unknown> {
  return {
    kind: 'drive#drive',
    id: drive.id,
    name: drive.name,
    colorRgb: drive.colorRgb,
    createdTime: drive.createdTime,
    hidden: false,
    backgroundImageLink: `${origin}/sandbox/icons/64/type/application/vnd.google-apps.folder`,
    capabilities: {
      canAddChildren: true,
      canListChildren: true,
      canDownload: true,
      canShare: true,
      canManageMembers: false,
      canEdit: true,
    },
    restrictions: {
      adminManagedRestrictions: false,
      copyRequiresWriterPermission: false,
      domainUsersOnly: false,
      driveMembersOnly: false,
    },
  };
}

export function sharedDriveNotFound(id: string): GoogleApiError {
  const message = `Shared drive not found: ${id}`;
  return new GoogleApiError(404, message, {
    errors: [{ message, domain: 'global', reason: 'notFound', location: 'driveId', locationType: 'parameter' }],
  });
}

export function findDrive(data: DriveData, id: string): SharedDrive {
  const drive = data.drives.find((d) => d.id === id);
  if (!drive) throw sharedDriveNotFound(id);
  return drive;
}

export function getDrive(data: DriveData, id: string, fields: string | null, origin: string): unknown {
  const selection = checkedSelection(
    fields === null || fields.trim() === '' ? null : `drives(${fields})`,
    'drives(kind,id,name)',
    'drives',
    ['drives'],
    DRIVE_FIELDS,
  );
  return (applySelection({ drives: [driveResource(findDrive(data, id), origin)] }, selection) as { drives: unknown[] })
    .drives[0];
}

/** drives.list: every sandbox account is a member of every shared drive; `q` filters by `name contains` only. */
export function listDrives(
  data: DriveData,
  request: { pageSize: string | null; pageToken: string | null; fields: string | null; q: string | null },
  origin: string,
): unknown {
  const selection = checkedSelection(
    request.fields,
    'kind,nextPageToken,drives(kind,id,name)',
    'drives',
    ['kind', 'nextPageToken', 'drives'],
    DRIVE_FIELDS,
  );
  let pageSize = 10;
  if (request.pageSize !== null) {
    pageSize = Number(request.pageSize);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100)
      throw invalidParameter(
        'pageSize',
        `Invalid value '${request.pageSize}'. Values must be within the range: [1, 100]`,
      );
  }
  let matches = data.drives;
  if (request.q) {
    const term = /^\s*name\s+contains\s+'((?:[^'\\]|\\.)*)'\s*$/.exec(request.q)?.[1]?.replace(/\\(.)/g, '$1');
    if (term === undefined) throw invalidParameter('q');
    matches = matches.filter((drive) => drive.name.toLowerCase().includes(term.toLowerCase()));
  }
  const offset = request.pageToken ? Number(Buffer.from(request.pageToken, 'base64url').toString('utf8')) : 0;
  if (!Number.isInteger(offset) || offset < 0) throw invalidParameter('pageToken');
  const body: Record<string, unknown> = {
    kind: 'drive#driveList',
    drives: matches.slice(offset, offset + pageSize).map((drive) => driveResource(drive, origin)),
  };
  if (offset + pageSize < matches.length)
    body.nextPageToken = Buffer.from(String(offset + pageSize)).toString('base64url');
  return applySelection(body, selection);
}
