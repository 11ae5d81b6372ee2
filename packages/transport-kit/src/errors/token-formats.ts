/**
 * The formats of credentials that are recognisable on their own, without a name beside them:
 * each is hidden wherever it appears. The list follows the token formats the official SDK's
 * redaction hides (vendor prefixes of fixed shape), limited to those common in a CLI's stderr;
 * `redact-secrets.test.ts` has one sample per format.
 */
export const TOKEN_FORMATS: ReadonlyArray<{ readonly id: string; readonly pattern: RegExp }> = [
  // Anthropic API keys and OAuth tokens (`sk-ant-api03-…`, `sk-ant-oat01-…`, `sk-ant-admin01-…`).
  { id: 'anthropic', pattern: /sk-ant-[A-Za-z0-9_-]{8,}/g },
  // OpenAI-style keys: `sk-proj-…`, `sk-svcacct-…`, and the legacy 48-character `sk-…`.
  { id: 'openai', pattern: /\bsk-[A-Za-z0-9_-]{20,}/g },
  // GitHub: classic tokens (`ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_`) and fine-grained ones.
  { id: 'github', pattern: /\bgh[pousr]_[A-Za-z0-9]{30,}/g },
  { id: 'github-fine-grained', pattern: /\bgithub_pat_[A-Za-z0-9_]{22,}/g },
  // GitLab: personal, deploy, runner, pipeline trigger, CI build, feed, OAuth app tokens.
  { id: 'gitlab', pattern: /\bgl(?:pat|dt|rt|ptt|cbt|ft|imt|oas|soat|agent|ffct)-[A-Za-z0-9_-]{20,}/g },
  // Slack: bot, user, app-level, refresh, workflow tokens and incoming webhooks.
  { id: 'slack', pattern: /\bxox[abposre]-[A-Za-z0-9-]{10,}/g },
  { id: 'slack-app', pattern: /\bxapp-\d-[A-Za-z0-9-]{10,}/gi },
  { id: 'slack-webhook', pattern: /hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9+/_-]{20,}/g },
  // AWS access key ids.
  { id: 'aws-access-key-id', pattern: /\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b/g },
  // Google: API keys, OAuth client secrets, OAuth access tokens.
  { id: 'google-api-key', pattern: /\bAIza[A-Za-z0-9_-]{35}/g },
  { id: 'google-oauth-secret', pattern: /\bGOCSPX-[A-Za-z0-9_-]{20,}/g },
  { id: 'google-oauth-token', pattern: /\bya29\.[A-Za-z0-9_-]{20,}/g },
  // npm, PyPI, Hugging Face, Stripe, SendGrid, Shopify, Databricks, DigitalOcean.
  { id: 'npm', pattern: /\bnpm_[A-Za-z0-9]{36}\b/g },
  { id: 'pypi', pattern: /\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{20,}/g },
  { id: 'huggingface', pattern: /\bhf_[A-Za-z0-9]{30,}/g },
  { id: 'stripe', pattern: /\b(?:sk|rk)_(?:test|live|prod)_[A-Za-z0-9]{10,}/g },
  { id: 'sendgrid', pattern: /\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/g },
  { id: 'shopify', pattern: /\bshp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}\b/g },
  { id: 'databricks', pattern: /\bdapi[a-f0-9]{32}\b/g },
  { id: 'digitalocean', pattern: /\bdo[opr]_v1_[a-f0-9]{64}\b/g },
  // JSON Web Tokens (a header and a payload that both start `{"`, and a signature).
  { id: 'jwt', pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
];

/**
 * A PEM private key block (`-----BEGIN RSA PRIVATE KEY-----` … `-----END RSA PRIVATE KEY-----`, any
 * kind, OpenSSH's included), or its beginning when the text ends before the block does (a stderr
 * tail cut in the middle of one): the key material goes, the armour lines stay.
 */
export const PRIVATE_KEY_BLOCK =
  /(-----BEGIN [A-Z0-9 _-]{0,100}PRIVATE KEY(?: BLOCK)?-----)[\s\S]*?(-----END [A-Z0-9 _-]{0,100}PRIVATE KEY(?: BLOCK)?-----|$)/g;
