namespace Pack.Client;
