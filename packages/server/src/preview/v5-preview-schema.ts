/**
 * The v5 preview's bodies (service-additions.md, "Preview v5"), as Zod schemas: they check requests, and the
 * OpenAPI document is generated from them.
 */
import { z } from 'zod';
import { CHANNELS } from './preview-schema';

const requiredText = z.string().min(1);

/** What `user_identification.type` names besides a user attribute: the user's ID. */
export const UNIQUE_ID_TYPE = 'USER_ATTRIBUTE_UNIQUE_ID';

/** The v5 preview request body. */
export const v5PreviewRequestSchema = z
  .object({
    request_id: requiredText
      .nullish()
      .describe(
        'Identifier of the preview request, returned as response_id. Required unless the X-MOE-Request-Id header is sent; when both are, they must match.',
      ),
    channel: z.enum(CHANNELS).describe('Channel the preview is made for.'),
    user_identification: z
      .object({
        type: requiredText.describe(
          `Kind of key identifying the user, case-insensitive: ${UNIQUE_ID_TYPE} (the user's ID), EMAIL, MOBILE (or PHONE), or a user attribute name.`,
        ),
        value: requiredText.describe("The user's value of that key."),
      })
      .nullish()
      .describe('Which stored user to personalize for.'),
    campaign_content: z
      .object({
        content: z
          .record(z.string(), z.unknown())
          .describe(
            'The campaign content, any JSON object (push: {"push": {"android": {"basic_details": {...}}}}); every string in it is a template. With data-compression on, every string is Base64 of gzip (or zlib, or raw deflate) data.',
          ),
      })
      .describe('The content to personalize.'),
    user_attributes: z
      .record(z.string(), z.unknown())
      .nullish()
      .describe('User attribute values; they win over the stored ones. A null value is a missing one.'),
    event_name: z
      .string()
      .nullish()
      .describe('Required when the content reads EventAttribute; must be one of the workspace events.'),
    event_attributes: z.record(z.string(), z.unknown()).nullish().describe('Event attribute values.'),
  })
  .describe('A v5 preview request.');

/** A v5 preview request that passed the schema. */
export type V5PreviewRequest = z.output<typeof v5PreviewRequestSchema>;

/** The v5 200 body. */
export const v5PreviewResponseSchema = z
  .object({
    response_id: z.string().describe('The request id (request_id or X-MOE-Request-Id).'),
    type: z.literal('personalization'),
    data: z.object({
      personalized_content: z.object({
        content: z
          .record(z.string(), z.unknown())
          .describe(
            'The request content, every string personalized (gzip + Base64 with data-compression on); other values as sent.',
          ),
      }),
    }),
  })
  .describe('The personalized content.');
