import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/** What outgoing requests may reach besides public addresses. */
export interface OutgoingPolicy {
  /** Loopback addresses too (tests and development only: config.outgoingAllowLoopback). */
  allowLoopback: boolean;
  /**
   * Any address: a host the operator named (WEBHOOK_ALLOW_HOSTS: tests, intranet receivers).
   * Nothing else is exempt from the guard.
   */
  exempt?: boolean;
}

/** Whether a URL's host (`host`, or `host:port`) is one of `hosts` (lower case, as config keeps them). */
export function isExemptHost(url: URL, hosts: readonly string[]): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    hosts.includes(host) ||
    hosts.includes(`${host}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`)
  );
}

export interface OutgoingRequest {
  url: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers: Record<string, string | number>;
  body?: Buffer | string;
  timeoutMs: number;
  policy: OutgoingPolicy;
}

export interface OutgoingResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The start of the answer's body (at most RESPONSE_BODY_MAX bytes), as text. */
  body: string;
}

/** More of an answer than this is not read: push services and webhooks answer in a few bytes. */
const RESPONSE_BODY_MAX = 16 * 1024;

const LOOPBACK = ['127.0.0.1', '::1'];

const agents = new Map<string, http.Agent>();

/**
 * The agent of every request the server makes to an address someone else chose (push endpoints,
 * later webhooks): request-filtering-agent refuses private, link-local, loopback and metadata
 * addresses at connect time, after DNS, so a name that resolves to an inside address (DNS
 * rebinding included) is refused too. One agent per protocol and policy, keeping connections alive.
 */
export function outgoingAgent(url: URL, policy: OutgoingPolicy): http.Agent {
  const key = `${url.protocol}${policy.exempt ? '+exempt' : policy.allowLoopback ? '+loopback' : ''}`;
  const known = agents.get(key);
  if (known) return known;
  if (policy.exempt) {
    const plain =
      url.protocol === 'https:' ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
    agents.set(key, plain);
    return plain;
  }
  const options = {
    keepAlive: true,
    allowPrivateIPAddress: false,
    allowMetaIPAddress: false,
    allowIPAddressList: policy.allowLoopback ? LOOPBACK : [],
  };
  const agent =
    url.protocol === 'https:'
      ? new RequestFilteringHttpsAgent(options)
      : new RequestFilteringHttpAgent(options);
  agents.set(key, agent);
  return agent;
}

/**
 * One request through outgoingAgent: redirects are not followed (a 3xx is an answer like any
 * other), it fails after timeoutMs, and only the start of the answer is read.
 */
export function sendOutgoing(request: OutgoingRequest): Promise<OutgoingResponse> {
  const url = new URL(request.url);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return Promise.reject(new Error(`outgoing requests go over http(s), not ${url.protocol}`));
  const send = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const outgoing = send(
      url,
      {
        method: request.method,
        headers: request.headers,
        agent: outgoingAgent(url, request.policy),
        timeout: request.timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < RESPONSE_BODY_MAX) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).subarray(0, RESPONSE_BODY_MAX).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${request.timeoutMs} ms`)));
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/** A URL as logs may show it: its origin and the first characters of its path, never its secrets. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname.length > 12 ? `${parsed.pathname.slice(0, 12)}…` : parsed.pathname;
    return `${parsed.origin}${path}`;
  } catch {
    return '(not a URL)';
  }
}
