#include <{{header}}>
