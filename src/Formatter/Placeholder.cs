namespace Pack.AspNetCore;
