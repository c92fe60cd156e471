// The address classification now lives in src/api/net (the local API refuses the same addresses);
// re-exported here so the proxy's imports keep one local name.
export { ipLiteral, refusedAddressReason, refusedNameReason } from "../../api/server/address-policy";
