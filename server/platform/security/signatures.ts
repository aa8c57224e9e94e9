// The lists the rules match against, written for Tapnet. OWASP CRS's data files
// (restricted-files.data, user-agents-security-scanners.data, lfi-os-files.data) show what such lists
// cover; these are ours, sized to a Node app that serves no PHP, no dot-files and no source.

/** Paths (lower-cased, decoded once) that only a probe for secrets or configuration asks for. */
export const SENSITIVE_FILES = [
  '/.env',
  '/.git/',
  '/.git',
  '/.svn/',
  '/.hg/',
  '/.aws/',
  '/.ssh/',
  '/.docker/',
  '/.npmrc',
  '/.htpasswd',
  '/.htaccess',
  '/.ds_store',
  '/.vscode/',
  '/.idea/',
  '/wp-config.',
  '/config.php',
  '/configuration.php',
  '/settings.php',
  '/local.xml',
  '/web.config',
  '/package.json',
  '/package-lock.json',
  '/yarn.lock',
  '/composer.json',
  '/composer.lock',
  '/dockerfile',
  '/docker-compose.',
  '/compose.yml',
  '/compose.yaml',
  '/phpinfo.php',
  '/server-status',
  '/id_rsa',
  '/id_ed25519',
  '/credentials',
  '/secrets.',
  '/database.yml',
  '/dump.sql',
  '/backup.sql',
  '/db.sql',
  '.sql.gz',
  '/etc/passwd',
  '/etc/shadow',
  '/proc/self/environ',
  '/actuator/env',
  '/debug/vars',
] as const;

/** The worst of the sensitive files: reading them would give the keys to everything. */
export const CRITICAL_FILES = [
  '/.env',
  '/.git/config',
  '/.aws/credentials',
  '/id_rsa',
  '/etc/shadow',
] as const;

/** User-agent fragments (lower-cased) of security scanners and attack tools. */
export const SCANNER_AGENTS = [
  'sqlmap',
  'nikto',
  'nuclei',
  'wpscan',
  'zgrab',
  'masscan',
  'dirbuster',
  'gobuster',
  'feroxbuster',
  'ffuf',
  'wfuzz',
  'acunetix',
  'netsparker',
  'nessus',
  'openvas',
  'w3af',
  'arachni',
  'skipfish',
  'havij',
  'jaeles',
  'whatweb',
  'zmeu',
  'morfeus',
  'nmap scripting engine',
  'burpcollaborator',
  'commix',
  'xsstrike',
  'dirsearch',
  'httpx - open-source',
  'censysinspect',
  'fuzz faster u fool',
] as const;

/** Automation libraries: normal for integrations, odd on a page or an anonymous API call. */
export const AUTOMATION_AGENTS = [
  'curl/',
  'wget/',
  'python-requests',
  'python-urllib',
  'aiohttp',
  'httpx/',
  'okhttp',
  'go-http-client',
  'java/',
  'apache-httpclient',
  'libwww-perl',
  'node-fetch',
  'axios/',
  'undici',
  'ruby',
  'php/',
] as const;

/**
 * Link unfurlers and search crawlers that fetch card pages so a shared card shows a preview: part of
 * the product, logged and never blocked.
 */
export const UNFURLERS = [
  'whatsapp',
  'facebookexternalhit',
  'facebookcatalog',
  'meta-externalagent',
  'slackbot',
  'slack-imgproxy',
  'linkedinbot',
  'twitterbot',
  'telegrambot',
  'discordbot',
  'skypeuripreview',
  'microsoftpreview',
  'applebot',
  'googlebot',
  'bingbot',
  'duckduckbot',
  'pinterestbot',
  'redditbot',
  'embedly',
  'iframely',
  'mastodon',
] as const;

/** Traversal and framework-internals probes, in the decoded and lower-cased path or query. */
export const MALICIOUS_URL_PATTERNS: readonly RegExp[] = [
  /(^|[/\\])\.\.([/\\]|$)/,
  /%2e%2e|%252e|\.\.%2f|%c0%ae/,
  /\0|%00/,
  /\/@fs\//,
  /\/@id\//,
  /\/wp-(admin|login|includes|content)\b/,
  /\/xmlrpc\.php/,
  /\/phpmyadmin|\/pma\/|\/myadmin\//,
  /\/cgi-bin\//,
  /\/vendor\/phpunit\//,
  /\/boaform\/|\/hnap1|\/shell\b|\/solr\/admin/,
  /\$\{jndi:/,
];

/** Extensions a Node app never serves: server-side scripts, backups and editor leftovers. */
export const SUSPICIOUS_EXTENSIONS =
  /\.(php\d?|phtml|asp|aspx|ashx|jsp|jspx|cgi|pl|bak|old|orig|swp|save|sql|mdb|ini|log|tar|tgz|rar|7z)$/;

/**
 * SQL injection: high-confidence shapes only (a quote or comment breaking out, then SQL), so text like
 * "O'Brien", "Drop Table Ltd" or "1=1 meeting" never matches.
 */
export const SQL_INJECTION: readonly RegExp[] = [
  /'\s*(or|and)\s+'?[\w]+'?\s*(=|like)\s*'?[\w]+/,
  /'\s*(or|and)\s+\d+\s*=\s*\d+/,
  /\bunion(\s+all)?\s+select\b/,
  /'\s*;\s*(drop|delete|insert|update|alter|create|truncate)\s/,
  /;\s*(drop|truncate)\s+table\s/,
  /\b(sleep|benchmark|pg_sleep)\s*\(\s*\d/,
  /\bwaitfor\s+delay\s+'/,
  /'\s*--(\s|$)/,
  /\/\*!?\d*\s*(union|select)/,
  /\b(information_schema|pg_catalog|sysobjects)\b/,
  /\b(extractvalue|updatexml)\s*\(/,
  /\bload_file\s*\(|\binto\s+(out|dump)file\b/,
];

/** XSS: markup or script URLs that run code, never a bare "<3" or "a < b". */
export const XSS: readonly RegExp[] = [
  /<\s*script\b/,
  /<\s*\/\s*script\s*>/,
  /\bjavascript\s*:/,
  /\bvbscript\s*:/,
  /<[^>]+\bon[a-z]{3,20}\s*=/,
  /<\s*(iframe|object|embed|svg|math|base|meta|link)\b[^>]*>/,
  /\bsrcdoc\s*=/,
  /data:text\/html/,
  /\bdocument\.(cookie|domain|write)\b/,
  /\b(alert|prompt|confirm)\s*\(\s*(document|1|'|"|`)/,
  /expression\s*\(/,
];
