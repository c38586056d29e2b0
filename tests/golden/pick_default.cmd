cd pick && annogrind --auto=no
