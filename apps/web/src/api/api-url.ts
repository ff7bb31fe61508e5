import { endpoints, type Endpoints, type OperationName } from '@hustle/shared/api';
import { endpointUrl, type EndpointInput } from '@hustle/shared/endpoint';

/**
 * The address of an endpoint, for what the browser opens itself (a link, an event stream).
 * It needs the contract at hand, so the first script loads it only through a dynamic import.
 */
export const apiUrl = <Name extends OperationName>(
  operation: Name,
  input: EndpointInput<Endpoints[Name]>,
): string => endpointUrl(endpoints[operation], input);
