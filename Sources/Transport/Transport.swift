// Module Transport.
