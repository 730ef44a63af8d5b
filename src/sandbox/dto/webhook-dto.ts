import { IsBoolean, IsOptional, IsUrl } from 'class-validator'
import { decorateProperties } from './apply-decorators'

/** What the spec implies for POST /api/webhook: a `url` that is a URL (class-validator's defaults). */
export class WebhookDto {
  declare url: string
}
decorateProperties(WebhookDto, { url: [IsUrl()] })

/** `connect` is the sandbox's own field (the spec shows no other), for Connect event names. */
export class SandboxWebhookRules {
  declare connect?: boolean
}
decorateProperties(SandboxWebhookRules, { connect: [IsOptional(), IsBoolean()] })
