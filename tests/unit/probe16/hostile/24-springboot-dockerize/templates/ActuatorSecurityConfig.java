package __PACKAGE__.config;

import org.springframework.boot.actuate.autoconfigure.security.servlet.EndpointRequest;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;

/**
 * 容器环境下放行 Actuator 端点。
 *
 * <p>K8s 的 liveness / readiness 探针、Prometheus 抓取以及运维排查都不携带业务登录态，
 * 因此为 Actuator 单独建立一条优先级更高的过滤链；业务接口仍走项目原有的安全配置。
 */
@Configuration
@Profile("docker")
@ConditionalOnClass(SecurityFilterChain.class)
public class ActuatorSecurityConfig {

    @Bean
    @Order(0)
    SecurityFilterChain actuatorChain(HttpSecurity http) throws Exception {
        http.securityMatcher(EndpointRequest.toAnyEndpoint())
            .authorizeHttpRequests(auth -> auth.anyRequest().permitAll())
            .csrf(csrf -> csrf.disable())
            .httpBasic(basic -> basic.disable());
        return http.build();
    }
}
