/**
 * What the server benchmark sends: a typical inline preview (subject, preheader, push title, plain text and
 * HTML, 60 B to 2 KB each, from `compression-data.ts`) for a stored user and a purchase event, and the
 * workspace it is sent to (its rate limit far above what the run can reach, so every answer is a 200).
 */
import { typicalPayload, typicalVariables } from './compression-data';

/** The workspace file of the run. */
export const benchWorkspaceFile = {
  workspaces: [
    {
      id: 'BENCH01',
      keys: { preview: 'bench-key' },
      limits: { preview_per_minute: 1_000_000_000 },
      events: ['Purchase'],
      users: [{ id: 'u-1', attributes: typicalVariables.UserAttribute }],
    },
  ],
};

/** The preview request body. */
export const benchRequestBody = JSON.stringify({
  request_id: 'bench',
  personalization_content: { payload: typicalPayload },
  personalization_details: {
    channel: 'EMAIL',
    event_name: 'Purchase',
    event_attributes: typicalVariables.EventAttribute,
  },
  user_details: { identifier: 'ID', identifier_value: 'u-1' },
});

/** The request headers. */
export const benchHeaders: Record<string, string> = {
  'content-type': 'application/json',
  authorization: `Basic ${Buffer.from('BENCH01:bench-key').toString('base64')}`,
  'svc-appkey': 'BENCH01',
};

/** The preview path. */
export const PREVIEW_PATH = '/core-services/v1/personalization/preview';
