/**
 * "Preview as a stored user": the message sent to our preview API for a user the workspace stores, and its
 * answer as a client receives it. The Workspace ID and key live in `sessionStorage` only, never in a URL.
 */

/** The preview API, on the server that serves the page. */
export const PREVIEW_PATH = '/core-services/v1/personalization/preview';

/** What the author types in to preview as a stored user. */
export interface StoredUserDetails {
  readonly workspaceId: string;
  readonly apiKey: string;
  /** `ID`, `EMAIL`, `MOBILE`, or the name of a user attribute. */
  readonly identifier: string;
  readonly userId: string;
  /** `EMAIL`, `SMS`, `PUSH`, ... */
  readonly channel: string;
  /** The event, when the message reads `EventAttribute` (the sample data's attributes go with it). */
  readonly eventName: string;
}

/** The details a new tab starts with: the demo's channel and identifier, no credentials. */
export const BLANK_DETAILS: StoredUserDetails = {
  workspaceId: '',
  apiKey: '',
  identifier: 'ID',
  userId: '',
  channel: 'EMAIL',
  eventName: '',
};

const STORAGE_KEY = 'personalize-playground:stored-user';

/** The details kept in this tab's session, or the blank ones. */
export function loadDetails(storage: Pick<Storage, 'getItem'>): StoredUserDetails {
  try {
    const saved = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    const text = (key: keyof StoredUserDetails) =>
      typeof saved[key] === 'string' ? (saved[key] as string) : BLANK_DETAILS[key];
    return {
      workspaceId: text('workspaceId'),
      apiKey: text('apiKey'),
      identifier: text('identifier'),
      userId: text('userId'),
      channel: text('channel'),
      eventName: text('eventName'),
    };
  } catch {
    return BLANK_DETAILS;
  }
}

/** Keeps the details for this tab only (`sessionStorage`), so they are gone when it closes. */
export function saveDetails(storage: Pick<Storage, 'setItem'>, details: StoredUserDetails): void {
  storage.setItem(STORAGE_KEY, JSON.stringify(details));
}

/** HTTP Basic credentials: Base64 of the UTF-8 bytes of `user:password`. */
function basicAuthorization(user: string, password: string): string {
  const bytes = new TextEncoder().encode(`${user}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

/** The preview request for the message: its method, headers and JSON body. */
export function previewRequest(
  details: StoredUserDetails,
  payload: Record<string, unknown>,
  eventAttributes: Record<string, unknown>,
): RequestInit & { readonly body: string } {
  const personalizationDetails: Record<string, unknown> = { channel: details.channel };
  if (details.eventName !== '') {
    personalizationDetails.event_name = details.eventName;
    personalizationDetails.event_attributes = eventAttributes;
  }
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: basicAuthorization(details.workspaceId, details.apiKey),
      'SVC-APPKEY': details.workspaceId,
    },
    body: JSON.stringify({
      request_id: `playground-${Date.now().toString(36)}`,
      personalization_content: { payload },
      personalization_details: personalizationDetails,
      user_details: { identifier: details.identifier, identifier_value: details.userId },
    }),
  };
}

/** One error item of an answer: the field or header at fault, and what is wrong. */
export interface ErrorItem {
  readonly target: string | undefined;
  readonly message: string;
}

/** The server's answer as a client receives it. */
export interface PreviewAnswer {
  readonly status: number;
  /** The body as sent (pretty-printed when it is JSON). */
  readonly bodyText: string;
  /** For 200: the personalized payload. */
  readonly payload: Record<string, unknown> | undefined;
  /** For an error: its message and its items. */
  readonly error: { readonly message: string; readonly items: readonly ErrorItem[] } | undefined;
}

/** The error of an answer in the preview's error shape (`error.details` a list, or one object for a 500). */
function errorOf(body: unknown): PreviewAnswer['error'] {
  const error = (body as { error?: { message?: unknown; details?: unknown } } | null)?.error;
  if (typeof error !== 'object' || error === null) return undefined;
  const details = Array.isArray(error.details)
    ? error.details
    : error.details === undefined
      ? []
      : [error.details];
  const items = details.map((item: { target?: unknown; message?: unknown }) => ({
    target: typeof item?.target === 'string' ? item.target : undefined,
    message: typeof item?.message === 'string' ? item.message : JSON.stringify(item),
  }));
  return { message: typeof error.message === 'string' ? error.message : '', items };
}

/** Reads an answer of the preview API: its status, its body as text, and the payload or the error items. */
export async function readAnswer(response: Response): Promise<PreviewAnswer> {
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    return { status: response.status, bodyText: text, payload: undefined, error: undefined };
  }
  const payload = (body as { personalized_content?: { payload?: unknown } } | undefined)?.personalized_content
    ?.payload;
  return {
    status: response.status,
    bodyText: body === undefined ? '' : JSON.stringify(body, null, 2),
    payload:
      response.ok && typeof payload === 'object' && payload !== null
        ? (payload as Record<string, unknown>)
        : undefined,
    error: response.ok ? undefined : errorOf(body),
  };
}
